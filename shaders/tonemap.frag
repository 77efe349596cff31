#version 330 core
// HDR scene -> display: exposure, a filmic curve, sRGB encoding, and a little
// noise so the dark gradients do not band.
#include "frame.glsl"
#include "color.glsl"

uniform sampler2D u_hdr;
in vec2 v_ndc;
out vec4 o_color;

vec3 aces_fitted(vec3 x) {
  return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

void main() {
  vec3 hdr = texture(u_hdr, v_ndc * 0.5 + 0.5).rgb * u_scene.z;
  vec3 c = linear_to_srgb(aces_fitted(hdr));
  float noise = fract(52.9829189 * fract(dot(gl_FragCoord.xy, vec2(0.06711056, 0.00583715))));
  o_color = vec4(c + (noise - 0.5) / 255.0, 1.0);
}

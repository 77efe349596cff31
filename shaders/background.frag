#version 330 core
// The workshop behind the machine: the environment seen along each view ray,
// heavily blurred, darkened towards the corners.
#include "frame.glsl"
#include "environment.glsl"

in vec2 v_ndc;
out vec4 o_color;

void main() {
  vec4 far_p = u_inv_view_proj * vec4(v_ndc, 1.0, 1.0);
  vec3 dir = normalize(far_p.xyz / far_p.w - u_eye.xyz);
  vec3 c = ambient_gradient(dir) * 0.85;
  // A faint warm haze where the lamps are, as if dust caught the light.
  c += sg_blurred(dir, KEY_DIR, KEY_COLOR, KEY_SHARPNESS, 3.0) * 0.05;
  c += sg_blurred(dir, RIM_DIR, RIM_COLOR, RIM_SHARPNESS, 3.0) * 0.04;
  float vignette = 1.0 - 0.55 * dot(v_ndc * 0.75, v_ndc * 0.75);
  o_color = vec4(c * vignette, 1.0);
}

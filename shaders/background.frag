#version 330 core
// Drawn last among the opaque passes, only where nothing else is (depth at the far plane).
#include "frame.glsl"
#include "environment.glsl"
#include "backdrop.glsl"
#include "color.glsl"
#include "display.glsl"

in vec2 v_ndc;
out vec4 o_color;

void main() {
  vec4 far_p = u_inv_view_proj * vec4(v_ndc, 1.0, 1.0);
  vec3 dir = normalize(far_p.xyz / far_p.w - u_eye.xyz);
  o_color = vec4(dither(to_display(backdrop(dir, v_ndc))), 1.0);
}

#version 330 core
// Text quads in world space; the letter's plane travels along for relief shading.
#include "frame.glsl"
#include "color.glsl"

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_color;
layout(location = 3) in vec3 a_right;
layout(location = 4) in vec3 a_up;
layout(location = 5) in float a_raised;

out vec3 v_world;
out vec2 v_uv;
out vec4 v_color;
out vec3 v_right;
out vec3 v_up;
out float v_raised;

void main() {
  v_world = a_position;
  v_uv = a_uv;
  v_color = vec4(srgb_to_linear_fast(a_color.rgb), a_color.a);
  v_right = a_right;
  v_up = a_up;
  v_raised = a_raised;
  gl_Position = u_view_proj * vec4(a_position, 1.0);
}

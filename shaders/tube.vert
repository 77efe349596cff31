#version 330 core
// Swept tubes: already in world space, colour and pick per vertex.
#include "frame.glsl"
#include "color.glsl"

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 7) in vec4 a_color;
layout(location = 8) in uint a_pick;

uniform float u_normal_sign;

out vec3 v_world;
out vec3 v_normal;
out vec2 v_uv;
out vec4 v_color;
flat out uint v_pick;

void main() {
  v_world = a_position;
  v_normal = a_normal * u_normal_sign;
  v_uv = vec2(0.0);
  v_color = vec4(srgb_to_linear_fast(a_color.rgb), a_color.a);
  v_pick = a_pick;
  gl_Position = u_view_proj * vec4(a_position, 1.0);
}

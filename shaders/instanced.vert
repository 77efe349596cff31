#version 330 core
// Unit mesh x per-instance matrix, colour, pick id and stripes (one draw call per batch).
#include "frame.glsl"
#include "color.glsl"

layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in vec4 a_model0;
layout(location = 4) in vec4 a_model1;
layout(location = 5) in vec4 a_model2;
layout(location = 6) in vec4 a_model3;
layout(location = 7) in vec4 a_color;
layout(location = 8) in uint a_pick;
layout(location = 9) in uvec2 a_stripes;  // first colour, count (0: not striped)

uniform float u_normal_sign;  // -1 draws the inside of a surface (glass back faces)

out vec3 v_world;
out vec3 v_normal;
out vec2 v_uv;
out vec4 v_color;  // linear rgb, alpha as given
flat out uint v_pick;
flat out uvec2 v_stripes;
out float v_along;  // the unit mesh's y (-0.5 to 0.5), which stripes divide

void main() {
  mat4 model = mat4(a_model0, a_model1, a_model2, a_model3);
  vec4 world = model * vec4(a_position, 1.0);
  // The cofactor matrix is the inverse-transpose up to a scale (normalised away) and the
  // determinant's sign: normals stay right under non-uniform scale without an inverse.
  vec3 m0 = a_model0.xyz, m1 = a_model1.xyz, m2 = a_model2.xyz;
  mat3 cofactor = mat3(cross(m1, m2), cross(m2, m0), cross(m0, m1));
  float handedness = dot(m0, cross(m1, m2)) < 0.0 ? -1.0 : 1.0;
  v_world = world.xyz;
  v_normal = normalize(cofactor * a_normal + 1e-12) * (u_normal_sign * handedness);
  v_uv = a_uv;
  v_color = vec4(srgb_to_linear_fast(a_color.rgb), a_color.a);
  v_pick = a_pick;
  v_stripes = a_stripes;
  v_along = a_position.y;
  gl_Position = u_view_proj * world;
}

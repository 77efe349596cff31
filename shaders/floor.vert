#version 330 core
// A large square on the floor around the machine (4 vertices, no buffers).
#include "frame.glsl"

out vec3 v_world;

void main() {
  vec2 corner = vec2(gl_VertexID & 1, (gl_VertexID >> 1) & 1) * 2.0 - 1.0;
  float half_size = max(u_scene_centre.w * 4.0, 4.0);
  v_world = vec3(u_scene_centre.x + corner.x * half_size, u_scene.y, u_scene_centre.z + corner.y * half_size);
  gl_Position = u_view_proj * vec4(v_world, 1.0);
}

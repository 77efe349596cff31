#version 330 core
// Shadow map pass for swept tubes (already in world space).
#include "frame.glsl"

layout(location = 0) in vec3 a_position;

void main() { gl_Position = u_light_view_proj * vec4(a_position, 1.0); }

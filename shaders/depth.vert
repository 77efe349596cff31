#version 330 core
// Shadow map pass for instances: position only, through the key light's projection.
#include "frame.glsl"

layout(location = 0) in vec3 a_position;
layout(location = 3) in vec4 a_model0;
layout(location = 4) in vec4 a_model1;
layout(location = 5) in vec4 a_model2;
layout(location = 6) in vec4 a_model3;

void main() {
  mat4 model = mat4(a_model0, a_model1, a_model2, a_model3);
  gl_Position = u_light_view_proj * (model * vec4(a_position, 1.0));
}

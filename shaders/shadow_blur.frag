#version 330 core
// Exponential shadow map filtering: a 9-tap gaussian of exp(c * depth), stored back
// as a depth ("log of the blurred exponentials / c") so it stays in range. The first
// pass reads the light's depth buffer (across), the second its own output (down).
#include "shadow_constants.glsl"

uniform sampler2D u_source;
uniform vec2 u_step;       // one source texel along the blur direction

in vec2 v_ndc;
out float o_depth;

const float WEIGHTS[5] = float[5](0.2270, 0.1945, 0.1216, 0.0541, 0.0162);

void main() {
  vec2 uv = v_ndc * 0.5 + 0.5;
  // Relative to the centre texel, so the exponentials stay near 1 (no overflow).
  float centre = texture(u_source, uv).r;
  float sum = WEIGHTS[0];
  for (int i = 1; i < 5; ++i) {
    float a = texture(u_source, uv + u_step * float(i) * 1.5).r;
    float b = texture(u_source, uv - u_step * float(i) * 1.5).r;
    sum += WEIGHTS[i] * (exp(ESM_C * (a - centre)) + exp(ESM_C * (b - centre)));
  }
  o_depth = centre + log(sum) / ESM_C;
}

#version 330 core
// Letters from the signed-distance atlas: crisp at any size. Raised letters are
// brass type: the distance field is read as a height (a bevel at the edge), lit
// like the metal around them, with a dark recess around each letter.
#include "frame.glsl"
#include "color.glsl"
#include "environment.glsl"
#include "brdf.glsl"
#include "display.glsl"

uniform sampler2D u_atlas;
uniform float u_texels_per_unit;  // atlas byte steps per texel of distance
uniform vec2 u_atlas_size;

in vec3 v_world;
in vec2 v_uv;
in vec4 v_color;
in vec3 v_right;
in vec3 v_up;
in float v_raised;

out vec4 o_color;  // premultiplied alpha

// Signed distance in atlas texels, positive inside the letter.
float distance_at(vec2 uv) {
  return (texture(u_atlas, uv).r * 255.0 - 128.0) / u_texels_per_unit;
}

void main() {
  float d = distance_at(v_uv);
  float aa = max(fwidth(d) * 0.7, 1e-3);
  float coverage = smoothstep(-aa, aa, d);
  if (v_raised < 0.5) {
    if (coverage <= 0.003) discard;
    float a = coverage * v_color.a;
    o_color = vec4(to_display(v_color.rgb * 1.35) * a, a);
    return;
  }
  // Relief: height rises over a bevel 2.5 texels wide inside the outline.
  const float bevel = 2.5;
  vec2 texel = 1.0 / u_atlas_size;
  float gx = distance_at(v_uv + vec2(texel.x, 0.0)) - distance_at(v_uv - vec2(texel.x, 0.0));
  float gy = distance_at(v_uv + vec2(0.0, texel.y)) - distance_at(v_uv - vec2(0.0, texel.y));
  float on_bevel = 1.0 - smoothstep(0.0, bevel, d);
  vec3 face = normalize(cross(v_right, v_up));
  vec3 v = normalize(u_eye.xyz - v_world);
  if (dot(face, v) < 0.0) face = -face;
  // Atlas v runs down the letter: +gy means "towards the bottom".
  vec3 slope = normalize(v_right) * gx - normalize(v_up) * gy;
  vec3 n = normalize(face + slope * on_bevel * 1.6);
  float n_dot_v = max(dot(n, v), 1e-3);
  vec3 f0 = vec3(1.0, 0.82, 0.48) * v_color.rgb;
  vec3 metal = environment(reflect(-v, n), 0.24, 1.0) * env_brdf(f0, 0.24, n_dot_v) + irradiance(n, 1.0) * f0 * 0.05;
  // Outside the letter: a soft dark recess, as if the type face were cut around it.
  float recess = (1.0 - coverage) * (1.0 - smoothstep(0.0, 3.5, -d)) * 0.55;
  vec4 letter = vec4(to_display(metal) * coverage, coverage);
  o_color = letter + vec4(0.0, 0.0, 0.0, recess * (1.0 - coverage));
}

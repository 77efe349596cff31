#version 330 core
// The Low tier's stand-in for multisampling, on still frames: where the luminance
// steps sharply between neighbours, the pixel is blended with them along the edge.
// Five taps per pixel, against four shaded samples per pixel for 4x MSAA.
uniform sampler2D u_source;
uniform vec2 u_texel;  // 1 / source size

in vec2 v_ndc;
out vec4 o_color;

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }

void main() {
  vec2 uv = v_ndc * 0.5 + 0.5;
  vec3 m = texture(u_source, uv).rgb;
  vec3 n = texture(u_source, uv + vec2(0.0, u_texel.y)).rgb;
  vec3 s = texture(u_source, uv - vec2(0.0, u_texel.y)).rgb;
  vec3 e = texture(u_source, uv + vec2(u_texel.x, 0.0)).rgb;
  vec3 w = texture(u_source, uv - vec2(u_texel.x, 0.0)).rgb;
  float lm = luma(m), ln = luma(n), ls = luma(s), le = luma(e), lw = luma(w);
  float range = max(max(max(ln, ls), max(le, lw)), lm) - min(min(min(ln, ls), min(le, lw)), lm);
  // Flat areas keep their pixel; strong steps get up to half of their neighbours.
  float amount = smoothstep(0.06, 0.25, range) * 0.5;
  // Blend across the edge: a horizontal edge (big vertical step) mixes north and south.
  float vertical_step = abs(ln - ls), horizontal_step = abs(le - lw);
  vec3 across = vertical_step > horizontal_step ? 0.5 * (n + s) : 0.5 * (e + w);
  o_color = vec4(mix(m, across, amount), 1.0);
}

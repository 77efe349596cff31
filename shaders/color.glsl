// Instance colours are authored in sRGB (as picked by eye); lighting runs linear.
// Values above 1 are kept: a metal tint of 1.1 means "catches a little more light".
vec3 srgb_to_linear(vec3 c) {
  c = max(c, 0.0);
  return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(0.04045, c));
}
// A cubic fit of the same curve (within 0.3 % on 0..1), without pow: cheap enough
// for every vertex of every instance.
vec3 srgb_to_linear_fast(vec3 c) {
  c = max(c, 0.0);
  return c * (c * (c * 0.305306011 + 0.682171111) + 0.012522878);
}

vec3 linear_to_srgb(vec3 c) {
  c = max(c, 0.0);
  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}

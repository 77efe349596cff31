// Instance colours are authored in sRGB (as picked by eye); lighting runs linear.
// A cubic fit of the sRGB curve (within 0.002 on 0..1), without pow: cheap enough
// for every vertex of every instance. Values above 1 are kept: a metal tint of 1.1
// means "catches a little more light".
vec3 srgb_to_linear_fast(vec3 c) {
  c = max(c, 0.0);
  return c * (c * (c * 0.305306011 + 0.682171111) + 0.012522878);
}

// The sRGB curve from three square roots (Taylor's fit; within 0.4/255 everywhere):
// pow() is several times dearer under a software rasteriser, and every pixel pays.
vec3 linear_to_srgb(vec3 c) {
  c = max(c, 0.0);
  vec3 s1 = sqrt(c), s2 = sqrt(s1), s3 = sqrt(s2);
  vec3 curve = 0.585122381 * s1 + 0.783140355 * s2 - 0.368262736 * s3;
  return mix(c * 12.92, curve, step(0.0031308, c));
}

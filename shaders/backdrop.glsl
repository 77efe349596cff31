// The workshop behind the machine along a view ray `dir` through a pixel (ndc
// -1..1): the environment, dimmed, darker towards the corners. The floor fades
// into exactly this, so there is no horizon line.
vec3 backdrop(vec3 dir, vec2 ndc) {
  vec3 c = ambient_gradient(dir) * 0.55;
  // A faint warm haze where the lamps are, as if dust caught the light.
  c += sg_blurred(dir, KEY_DIR, KEY_COLOR, KEY_SHARPNESS, 3.0) * 0.035;
  c += sg_blurred(dir, RIM_DIR, RIM_COLOR, RIM_SHARPNESS, 3.0) * 0.03;
  float vignette = clamp(1.0 - 0.6 * dot(ndc * 0.8, ndc * 0.8), 0.0, 1.0);
  return c * vignette;
}

// Striped instances (render::Instance::stripe_count > 0): stripe j of the mesh's
// local y takes its colour from the stripe texture and its pick id from pick + j.
// Each stripe is painted over u_stripes.x (frame.glsl) of its length; the groove between two,
// in the stripe's own colour darkened (as the shaded rim of a band would show), is
// filtered by its size on screen (a groove under a pixel darkens a little, it does
// not flicker), since multisampling smooths only the edges of triangles.
uniform samplerBuffer u_stripe_colors;  // sRGB, one texel per stripe

const float STRIPE_GROOVE = 0.4;  // the groove's share of the stripe's colour

// Replaces tint (linear) and pick where the fragment lies on a striped instance.
void apply_stripe(uvec2 stripes, float along, inout vec3 tint, inout uint pick) {
  if (stripes.y == 0u) return;
  float count = float(stripes.y);
  float s = clamp(along + 0.5, 0.0, 1.0) * count;
  float j = min(floor(s), count - 1.0);
  float f = s - j;
  // Distance into the painted part, in stripes (negative in the groove), over the
  // width of one pixel in stripes.
  float inside = min(f, 1.0 - f) - 0.5 * (1.0 - u_stripes.x);
  float painted = clamp(inside / max(fwidth(s), 1e-4) + 0.5, 0.0, 1.0);
  vec3 paint = srgb_to_linear_fast(texelFetch(u_stripe_colors, int(stripes.x) + int(j)).rgb);
  tint = paint * mix(STRIPE_GROOVE, 1.0, painted);
  pick += uint(j);
}

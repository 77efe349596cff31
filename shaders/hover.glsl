// A warm glow on whatever the cursor is over.
vec3 hover_glow(uint pick, float n_dot_v) {
  if (pick == 0u || pick != u_pick.x) return vec3(0.0);
  return vec3(1.0, 0.62, 0.25) * (0.25 + 0.9 * pow(1.0 - n_dot_v, 2.0));
}

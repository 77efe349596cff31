// The light of a warm, dark workshop, used for reflections, diffuse light and the
// backdrop: a dim amber gradient (brightest at the horizon, where a workshop's
// walls and windows are) plus three soft "studio" lights. Each light is a
// spherical gaussian, so blurring it for a rough surface is a closed form (no cube maps).
//
// Placement, for a camera in front of the machine and above it: the key light is
// nearly overhead (it casts the shadows), so flat tops do not mirror it and stay
// dark, reading as metal; the rim light sits low behind the machine, so only
// rounded edges and cylinders catch it; the fill comes low from the right.

// The key light's direction comes from the frame block: the shadow map is drawn from it.
#define KEY_DIR (u_key_dir.xyz)
const vec3 KEY_COLOR = vec3(6.0, 5.0, 3.9);
const float KEY_SHARPNESS = 16.0;
const vec3 FILL_DIR = normalize(vec3(0.9, 0.22, 0.38));
const vec3 FILL_COLOR = vec3(1.1, 1.2, 1.4);
const float FILL_SHARPNESS = 12.0;
const vec3 RIM_DIR = normalize(vec3(-0.25, 0.12, -0.96));
const vec3 RIM_COLOR = vec3(4.0, 3.1, 2.2);
const float RIM_SHARPNESS = 40.0;
// A tall bright strip to the front right, as in product photographs: seen only in
// reflections (it lights nothing diffusely), it draws the crisp vertical streaks that
// make glass and polished cylinders read as glass and metal.
const vec2 STRIP_AZIMUTH = normalize(vec2(0.8, 0.6));  // (x, z)
const vec3 STRIP_COLOR = vec3(7.0, 6.3, 5.4);
const float STRIP_SHARPNESS = 160.0;

// The gradient: dark warm floor, amber band at the horizon, dark umber ceiling.
vec3 ambient_gradient(vec3 dir) {
  float y = dir.y;
  vec3 floor_c = vec3(0.016, 0.011, 0.008);
  vec3 horizon = vec3(0.20, 0.115, 0.055);
  vec3 ceiling = vec3(0.020, 0.016, 0.014);
  return y < 0.0 ? mix(horizon * 0.5, floor_c, smoothstep(0.0, 0.35, -y))
                 : mix(horizon, ceiling, smoothstep(0.0, 0.45, y));
}

// The strip seen through a lobe: a gaussian across (in azimuth), a soft band along (in height).
vec3 strip_light(vec3 dir, float lobe) {
  float s = STRIP_SHARPNESS * lobe / (STRIP_SHARPNESS + lobe);
  float across = exp(s * (dot(normalize(dir.xz + vec2(1e-5)), STRIP_AZIMUTH) - 1.0));
  // Floor to ceiling: a camera above the machine sees vertical glass reflect downwards.
  float along = smoothstep(-0.75, -0.5, dir.y) * (1.0 - smoothstep(0.65, 0.9, dir.y));
  return STRIP_COLOR * (lobe / (STRIP_SHARPNESS + lobe)) * across * along;
}

// A spherical gaussian seen through a lobe of sharpness `lobe` (infinite = mirror).
vec3 sg_blurred(vec3 dir, vec3 axis, vec3 color, float sharpness, float lobe) {
  float s = sharpness * lobe / (sharpness + lobe);
  float a = lobe / (sharpness + lobe);
  return color * a * exp(s * (dot(dir, axis) - 1.0));
}

// Incoming light from `dir`, averaged over a GGX-like lobe of the given roughness.
// key_visible scales the key light (its shadow).
vec3 environment(vec3 dir, float roughness, float key_visible) {
  float alpha = max(roughness * roughness, 0.002);
  float lobe = 0.5 / (alpha * alpha) + 0.5;
  vec3 c = ambient_gradient(dir);
  // Rough surfaces see a flatter gradient.
  c = mix(c, vec3(0.06, 0.042, 0.03), clamp(roughness * 0.8, 0.0, 0.7));
  c += key_visible * sg_blurred(dir, KEY_DIR, KEY_COLOR, KEY_SHARPNESS, lobe);
  c += sg_blurred(dir, FILL_DIR, FILL_COLOR, FILL_SHARPNESS, lobe);
  c += sg_blurred(dir, RIM_DIR, RIM_COLOR, RIM_SHARPNESS, lobe);
  c += strip_light(dir, lobe);
  return c;
}

// Light arriving at a surface with normal n (cosine-weighted), for diffuse shading.
vec3 irradiance(vec3 n, float key_visible) {
  vec3 c = mix(vec3(0.035, 0.024, 0.017), vec3(0.10, 0.07, 0.05), 0.5 + 0.5 * n.y);
  // A spherical gaussian's cosine-weighted integral ~ (2 pi / sharpness) * cosine (wrapped a little).
  c += key_visible * KEY_COLOR * (6.2832 / KEY_SHARPNESS) * max(dot(n, KEY_DIR) * 0.9 + 0.1, 0.0);
  c += FILL_COLOR * (6.2832 / FILL_SHARPNESS) * max(dot(n, FILL_DIR) * 0.8 + 0.2, 0.0) * 0.5;
  c += RIM_COLOR * (6.2832 / RIM_SHARPNESS) * max(dot(n, RIM_DIR), 0.0) * 0.5;
  return c;
}

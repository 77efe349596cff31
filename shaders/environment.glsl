// The light of a warm, dark workshop, used for reflections, diffuse light and the
// backdrop: a dim amber gradient plus three soft "studio" lights. Each light is a
// spherical gaussian, so blurring it for a rough surface is a closed form (no cube maps).

// The key light's direction comes from the frame block: the shadow map is drawn from it.
#define KEY_DIR (u_key_dir.xyz)
const vec3 KEY_COLOR = vec3(5.2, 4.3, 3.3);
const float KEY_SHARPNESS = 28.0;
const vec3 FILL_DIR = normalize(vec3(0.85, 0.35, 0.45));   // cooler, weaker, from the right
const vec3 FILL_COLOR = vec3(1.0, 1.15, 1.35);
const float FILL_SHARPNESS = 10.0;
const vec3 RIM_DIR = normalize(vec3(0.1, 0.45, -0.9));     // from behind: outlines glass and metal edges
const vec3 RIM_COLOR = vec3(2.6, 2.1, 1.6);
const float RIM_SHARPNESS = 18.0;

// The gradient: dark warm floor, amber band at the horizon, umber ceiling.
vec3 ambient_gradient(vec3 dir) {
  float y = dir.y;
  vec3 floor_c = vec3(0.030, 0.020, 0.014);
  vec3 horizon = vec3(0.26, 0.15, 0.07);
  vec3 ceiling = vec3(0.075, 0.055, 0.045);
  vec3 c = y < 0.0 ? mix(horizon * 0.45, floor_c, smoothstep(0.0, 0.5, -y))
                   : mix(horizon, ceiling, smoothstep(0.0, 0.7, y));
  return c;
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
  c = mix(c, vec3(0.09, 0.065, 0.045), clamp(roughness * 0.6, 0.0, 0.6));
  c += key_visible * sg_blurred(dir, KEY_DIR, KEY_COLOR, KEY_SHARPNESS, lobe);
  c += sg_blurred(dir, FILL_DIR, FILL_COLOR, FILL_SHARPNESS, lobe);
  c += sg_blurred(dir, RIM_DIR, RIM_COLOR, RIM_SHARPNESS, lobe);
  return c;
}

// Light arriving at a surface with normal n (cosine-weighted), for diffuse shading.
vec3 irradiance(vec3 n, float key_visible) {
  vec3 c = mix(vec3(0.05, 0.035, 0.025), vec3(0.16, 0.11, 0.075), 0.5 + 0.5 * n.y);
  // A spherical gaussian's cosine-weighted integral ~ (2 pi / sharpness) * wrapped cosine.
  c += key_visible * KEY_COLOR * (6.2832 / KEY_SHARPNESS) * max(dot(n, KEY_DIR) * 0.9 + 0.1, 0.0);
  c += FILL_COLOR * (6.2832 / FILL_SHARPNESS) * max(dot(n, FILL_DIR) * 0.8 + 0.2, 0.0) * 0.5;
  c += RIM_COLOR * (6.2832 / RIM_SHARPNESS) * max(dot(n, RIM_DIR), 0.0) * 0.5;
  return c;
}

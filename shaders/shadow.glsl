// Soft shadow of the key light: one filtered lookup in the blurred exponential
// shadow map (see shadow_blur.frag). 1 = lit.
#include "shadow_constants.glsl"

uniform sampler2D u_shadow_map;

// How far the receiver is behind the blurred occluders, in light depth (<= 0: lit).
float depth_behind_occluders(vec3 world_pos, vec3 normal) {
  vec3 p = world_pos + normal * 0.02;
  // The light's projection is orthographic: no divide by w.
  vec3 c = (u_light_view_proj * vec4(p, 1.0)).xyz * 0.5 + 0.5;
  float occluder = texture(u_shadow_map, clamp(c.xy, 0.0, 1.0)).r;
  return min(c.z, 1.0) - occluder - 0.002;
}

// `sharpness` ESM_C gives the shadow; smaller values a wider, softer darkening.
float key_light_visible(float behind, float sharpness) {
  return clamp(exp(-sharpness * behind), 0.0, 1.0);
}

// Soft shadow of the key light: one filtered lookup in the blurred exponential
// shadow map (see shadow_blur.frag). 1 = lit.
#include "shadow_constants.glsl"

uniform sampler2D u_shadow_map;

float key_light_visible(vec3 world_pos, vec3 normal, float lod) {
  vec3 p = world_pos + normal * 0.02;
  vec4 s = u_light_view_proj * vec4(p, 1.0);
  vec3 c = s.xyz / s.w * 0.5 + 0.5;
  if (c.x <= 0.0 || c.x >= 1.0 || c.y <= 0.0 || c.y >= 1.0 || c.z >= 1.0) return 1.0;
  float occluder = textureLod(u_shadow_map, c.xy, lod).r;
  return clamp(exp(ESM_C * (occluder - c.z + 0.002)), 0.0, 1.0);
}

// Soft shadow of the key light: a few hardware-filtered (2x2 PCF) taps on a disc.
// Few taps on purpose: under a software rasteriser every lookup costs.
uniform sampler2DShadow u_shadow_map;

const vec2 SHADOW_TAPS[4] = vec2[4](vec2(-0.71, -0.34), vec2(0.34, -0.71), vec2(0.71, 0.34), vec2(-0.34, 0.71));

float key_light_visible(vec3 world_pos, vec3 normal, float softness) {
  vec3 p = world_pos + normal * 0.01;
  vec4 s = u_light_view_proj * vec4(p, 1.0);
  vec3 c = s.xyz / s.w * 0.5 + 0.5;
  if (c.x <= 0.0 || c.x >= 1.0 || c.y <= 0.0 || c.y >= 1.0 || c.z >= 1.0) return 1.0;
  float radius = u_scene.w * softness;
  float lit = 0.0;
  for (int i = 0; i < 4; ++i) lit += texture(u_shadow_map, vec3(c.xy + SHADOW_TAPS[i] * radius, c.z - 0.0015));
  return lit * 0.25;
}

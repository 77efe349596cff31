// Soft shadow of the key light: 12 hardware-filtered taps on a disc.
uniform sampler2DShadow u_shadow_map;

const vec2 SHADOW_TAPS[12] = vec2[12](
  vec2(-0.326, -0.406), vec2(-0.840, -0.074), vec2(-0.696, 0.457), vec2(-0.203, 0.621),
  vec2(0.962, -0.195), vec2(0.473, -0.480), vec2(0.519, 0.767), vec2(0.185, -0.893),
  vec2(0.507, 0.064), vec2(0.896, 0.412), vec2(-0.322, -0.933), vec2(-0.792, -0.598));

float key_light_visible(vec3 world_pos, vec3 normal, float softness) {
  vec3 p = world_pos + normal * 0.01;
  vec4 s = u_light_view_proj * vec4(p, 1.0);
  vec3 c = s.xyz / s.w * 0.5 + 0.5;
  if (c.x <= 0.0 || c.x >= 1.0 || c.y <= 0.0 || c.y >= 1.0 || c.z >= 1.0) return 1.0;
  float radius = u_scene.w * softness;
  float lit = 0.0;
  for (int i = 0; i < 12; ++i) lit += texture(u_shadow_map, vec3(c.xy + SHADOW_TAPS[i] * radius, c.z - 0.0015));
  return lit / 12.0;
}

#version 330 core
// The Low tier's surfaces: the same materials as surface.frag with a cheaper workshop
// (no fill lobe: it only lifts faces turned to the right) and liquid without its wet
// reflection, so brass still reads as brass and bands keep their colours for less.
#include "frame.glsl"
#include "color.glsl"
#include "environment.glsl"
#include "brdf.glsl"
#include "shadow.glsl"
#include "hover.glsl"
#include "stripes.glsl"
#include "display.glsl"

// Matches render::Material: 0 brass, 1 copper, 2 steel, 4 liquid, 5 paint, 6 glow.
uniform int u_material;
uniform bool u_receive_shadow;

in vec3 v_world;
in vec3 v_normal;
in vec2 v_uv;
in vec4 v_color;
flat in uint v_pick;
flat in uvec2 v_stripes;
in float v_along;

out vec4 o_color;  // display colour (drawn opaque)

// environment() without the fill light; the strip's streaks stay (flat brass faces
// turned to the camera mirror it, and read as metal because of it).
vec3 environment_cheap(vec3 dir, float roughness, float key_visible) {
  float alpha = max(roughness * roughness, 0.002);
  float lobe = 0.5 / (alpha * alpha) + 0.5;
  vec3 c = mix(ambient_gradient(dir), vec3(0.06, 0.042, 0.03), clamp(roughness * 0.8, 0.0, 0.7));
  c += key_visible * sg_blurred(dir, KEY_DIR, KEY_COLOR, KEY_SHARPNESS, lobe);
  c += sg_blurred(dir, RIM_DIR, RIM_COLOR, RIM_SHARPNESS, lobe);
  c += strip_light(dir, lobe);
  return c;
}

vec3 shade_metal(vec3 f0, float roughness, vec3 n, vec3 v, float key) {
  float n_dot_v = max(dot(n, v), 1e-3);
  vec3 spec = environment_cheap(reflect(-v, n), roughness, key) * env_brdf(f0, roughness, n_dot_v);
  return spec + irradiance(n, key) * f0 * 0.045;
}

void main() {
  vec3 n = normalize(v_normal);
  vec3 v = normalize(u_eye.xyz - v_world);
  if (!gl_FrontFacing) n = -n;
  float n_dot_v = max(dot(n, v), 0.0);
  vec3 tint = v_color.rgb;
  uint pick = v_pick;
  apply_stripe(v_stripes, v_along, tint, pick);
  vec3 c;
  if (u_material == 6) {
    c = tint * (1.1 + 0.9 * n_dot_v * n_dot_v);
  } else {
    float key = u_receive_shadow ? key_light_visible(depth_behind_occluders(v_world, n), ESM_C) : 1.0;
    if (u_material == 0) {
      c = shade_metal(vec3(0.95, 0.76, 0.40) * tint, 0.24, n, v, key);
    } else if (u_material == 1) {
      c = shade_metal(vec3(0.97, 0.58, 0.44) * tint, 0.28, n, v, key);
    } else if (u_material == 2) {
      c = shade_metal(vec3(0.62, 0.63, 0.65) * tint, 0.2, n, v, key);
    } else if (u_material == 4) {
      c = tint * (0.55 + 0.45 * irradiance(n, key) * 0.35);
    } else {
      vec3 spec = environment_cheap(reflect(-v, n), 0.55, key) * env_brdf(vec3(0.04), 0.55, max(n_dot_v, 1e-3));
      c = tint * irradiance(n, key) * 0.32 + spec;
    }
  }
  c += hover_glow(pick, n_dot_v);
  o_color = vec4(to_display(c), 1.0);
}

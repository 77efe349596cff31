#version 330 core
// Opaque and translucent surfaces: metals (GGX-style reflection of the workshop),
// paint (diffuse with a faint sheen), liquid (lit from within) and glow (unlit).
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
// Off for batches drawn coarsely (small on screen): their shadows would not show,
// and the lookup is the dearest part of this shader under a software rasteriser.
uniform bool u_receive_shadow;

in vec3 v_world;
in vec3 v_normal;
in vec2 v_uv;
in vec4 v_color;
flat in uint v_pick;
flat in uvec2 v_stripes;
in float v_along;

out vec4 o_color;  // display colour (drawn opaque)

vec3 shade_metal(vec3 f0, float roughness, vec3 n, vec3 v, float key) {
  float n_dot_v = max(dot(n, v), 1e-3);
  vec3 r = reflect(-v, n);
  vec3 spec = environment(r, roughness, key) * env_brdf(f0, roughness, n_dot_v);
  // A trace of diffuse (patina, dust) keeps metal facing a dark corner from going black.
  vec3 diffuse = irradiance(n, key) * f0 * 0.045;
  return spec + diffuse;
}

vec3 shade_paint(vec3 albedo, float roughness, vec3 n, vec3 v, float key) {
  float n_dot_v = max(dot(n, v), 1e-3);
  vec3 spec = environment(reflect(-v, n), roughness, key) * env_brdf(vec3(0.04), roughness, n_dot_v);
  return albedo * irradiance(n, key) * 0.32 + spec;
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
    // Glow: unlit, a little brighter where the surface faces the eye (a lit core).
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
      // Liquid: coloured light from within plus a wet surface reflection.
      float f = fresnel_schlick(0.02, n_dot_v);
      c = tint * (0.55 + 0.45 * irradiance(n, key) * 0.35) + environment(reflect(-v, n), 0.08, key) * f;
    } else {
      c = shade_paint(tint, 0.55, n, v, key);
    }
  }
  c += hover_glow(pick, n_dot_v);
  o_color = vec4(to_display(c), 1.0);
}

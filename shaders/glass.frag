#version 330 core
// Glass: mostly see-through, reflecting the workshop more at grazing angles
// (Fresnel), with a bright rim and a faint body tint from the instance colour.
#include "frame.glsl"
#include "color.glsl"
#include "environment.glsl"
#include "brdf.glsl"
#include "hover.glsl"
#include "display.glsl"

in vec3 v_world;
in vec3 v_normal;
in vec2 v_uv;
in vec4 v_color;
flat in uint v_pick;

out vec4 o_color;  // display colour, premultiplied alpha

void main() {
  vec3 n = normalize(v_normal);
  vec3 v = normalize(u_eye.xyz - v_world);
  float n_dot_v = abs(dot(n, v));
  float f = fresnel_schlick(0.045, n_dot_v);
  vec3 r = reflect(-v, n);
  // Real studio lights are far brighter than their surroundings: glass catches them
  // as bright streaks even where it reflects little else.
  vec3 reflection = environment(r, 0.04, 1.0) + strip_light(r, 4000.0) * 5.0;
  // Thick glass at the silhouette: edges darken what is behind and catch light.
  float rim = pow(1.0 - n_dot_v, 3.0);
  float body = clamp(v_color.a, 0.0, 1.0) * 0.35;
  float alpha = clamp(body + 0.55 * rim + f, 0.0, 0.96);
  vec3 c = reflection * f + v_color.rgb * body * 0.5 + vec3(0.30, 0.24, 0.18) * rim * 0.35;
  c += hover_glow(v_pick, n_dot_v) * 0.6;
  o_color = to_display_premultiplied(c, alpha);
}

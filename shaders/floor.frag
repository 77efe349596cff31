#version 330 core
// The workbench top: dark, warm, slightly glossy, darkened under the machine by the
// key light's soft shadow (a cheap ambient occlusion), fading into the backdrop.
#include "frame.glsl"
#include "environment.glsl"
#include "backdrop.glsl"
#include "brdf.glsl"
#include "shadow.glsl"
#include "color.glsl"
#include "display.glsl"

in vec3 v_world;
out vec4 o_color;

void main() {
  vec3 n = vec3(0.0, 1.0, 0.0);
  vec3 v = normalize(u_eye.xyz - v_world);
  float behind = depth_behind_occluders(v_world, n);
  float key = key_light_visible(behind, ESM_C * 0.6);
  // The same lookup with a gentler falloff: a wide, soft darkening under the machine.
  float wide = key_light_visible(behind, ESM_C * 0.12);
  // A pool of light under the machine, falling off towards the edges of the bench.
  float r = length(v_world.xz - u_scene_centre.xz) / max(u_scene_centre.w, 1.0);
  float pool = mix(0.3, 1.0, 1.0 - smoothstep(0.4, 1.8, r));
  vec3 albedo = vec3(0.085, 0.056, 0.038);
  vec3 diffuse = albedo * irradiance(n, key) * 0.35 * mix(0.4, 1.0, wide) * pool;
  float n_dot_v = max(dot(n, v), 1e-3);
  vec3 spec = environment(reflect(-v, n), 0.45, key) * env_brdf(vec3(0.04), 0.45, n_dot_v);
  vec3 c = diffuse + spec * mix(0.35, 1.0, wide) * pool;
  // Fade out with distance from the machine so there is no hard horizon.
  float a = 1.0 - smoothstep(1.1, 2.6, r);
  vec2 ndc = gl_FragCoord.xy * u_viewport.zw * 2.0 - 1.0;
  o_color = vec4(dither(to_display(mix(backdrop(-v, ndc), c, a))), 1.0);
}

#version 330 core
// The workbench top: dark, warm, slightly glossy, darkened under the machine by the
// key light's soft shadow (a cheap ambient occlusion), fading into the backdrop.
#include "frame.glsl"
#include "environment.glsl"
#include "brdf.glsl"
#include "shadow.glsl"

in vec3 v_world;
out vec4 o_color;

void main() {
  vec3 n = vec3(0.0, 1.0, 0.0);
  vec3 v = normalize(u_eye.xyz - v_world);
  float key = key_light_visible(v_world, n, 3.5);
  float wide = key_light_visible(v_world, n, 9.0);
  // Fine grain along x, like planed wood, barely visible.
  float grain = 0.92 + 0.08 * sin(v_world.z * 37.0 + sin(v_world.x * 3.1) * 2.0);
  vec3 albedo = vec3(0.105, 0.070, 0.048) * grain;
  vec3 diffuse = albedo * irradiance(n, key) * 0.35 * mix(0.55, 1.0, wide);
  float n_dot_v = max(dot(n, v), 1e-3);
  vec3 spec = environment(reflect(-v, n), 0.45, key) * env_brdf(vec3(0.04), 0.45, n_dot_v);
  vec3 c = diffuse + spec * mix(0.4, 1.0, key);
  // Fade out with distance from the machine so there is no hard horizon.
  float r = length(v_world.xz - u_scene_centre.xz) / max(u_scene_centre.w, 1.0);
  float a = 1.0 - smoothstep(1.2, 3.2, r);
  o_color = vec4(c * a, a);
}

// Per-frame values shared by every program (uniform block bound at 0).
layout(std140) uniform Frame {
  mat4 u_view;
  mat4 u_proj;
  mat4 u_view_proj;
  mat4 u_light_view_proj;  // world -> the key light's shadow map
  mat4 u_inv_view_proj;    // clip -> world (for rays through pixels)
  vec4 u_eye;              // xyz: camera position
  vec4 u_key_dir;          // xyz: unit vector towards the key light
  vec4 u_scene;            // x: time (s), y: floor height, z: exposure, w: shadow texel size
  vec4 u_scene_centre;     // xyz: centre of the machine on the floor, w: its radius
  vec4 u_viewport;         // width, height, 1 / width, 1 / height (pixels)
  uvec4 u_pick;            // x: hovered pick id (0: none)
  vec4 u_stripes;          // x: share of each stripe of a striped instance that is painted
};

#version 330 core
// Drawn last among the opaque passes, only where nothing else is (depth at the far plane).
#include "frame.glsl"
#include "environment.glsl"
#include "backdrop.glsl"
#include "color.glsl"
#include "display.glsl"

in vec2 v_ndc;
out vec4 o_color;

void main() { o_color = vec4(dither(to_display(backdrop(v_ndc))), 1.0); }

// Linear light -> the colour written to the (8-bit) target: exposure, a filmic
// curve, sRGB encoding. Done in every shader rather than in a separate pass: a
// half-float target and one more full-screen pass cost a software rasteriser
// more than the whole scene's shading.
vec3 aces_fitted(vec3 x) {
  return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

vec3 to_display(vec3 linear_light) { return linear_to_srgb(aces_fitted(linear_light * u_scene.z)); }

// A premultiplied colour: tone-map the unpremultiplied colour, then premultiply again.
vec4 to_display_premultiplied(vec3 premultiplied, float alpha) {
  return vec4(to_display(premultiplied / max(alpha, 1e-3)) * alpha, alpha);
}

// Half a step of noise so the dark gradients do not band in 8 bits.
vec3 dither(vec3 c) {
  float noise = fract(52.9829189 * fract(dot(gl_FragCoord.xy, vec2(0.06711056, 0.00583715))));
  return c + (noise - 0.5) / 255.0;
}

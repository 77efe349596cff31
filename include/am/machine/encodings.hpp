// How the machine turns numbers into geometry and colour. One place, so the
// scene, the legend, the chapter text and the tests agree on every mapping.
#pragma once

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

namespace am::machine {

// Dial needle angle for a score q·k/√8, in radians from straight up; positive
// turns right (clockwise seen from the front). angle = (π/2)·tanh(score / 4):
// 0 → up, +4 → 69° right, +8 → 87° right, high scores approach (never pass) pointing
// right; negative scores mirror to the left. Strictly increasing, so needles order
// the keys exactly as the scores do. Non-finite scores read 0.
inline constexpr float kDialScoreScale = 4.0f;
float dial_needle_angle(float score);

// Thread radius for an attention weight w in [0, 1] (clamped), scaled by the
// character spacing: spacing·(0.005 + 0.05·√w). √ so middling weights stay visible.
float thread_radius(float weight, float spacing);
// Thread colour: glow whose brightness is 0.3 + 0.7·w (alpha the same).
glm::vec4 thread_color(float weight, bool highlighted);

// Bead diameter ∝ √weight (area ∝ weight): 0.45·spacing·√w.
float bead_diameter(float weight, float spacing);

// Residual band colour: v / scale clamped to [-1, 1]; t = sqrt(|v/scale|) mixes the
// neutral pale grey (t = 0) towards copper (v > 0) or blue (v < 0). The square
// root lifts small values so a stage is not all grey.
inline constexpr glm::vec4 kBandNeutral{0.82f, 0.82f, 0.82f, 1.0f};  // grey: any sign tips it
inline constexpr glm::vec4 kBandPositive{0.86f, 0.38f, 0.10f, 1.0f};
inline constexpr glm::vec4 kBandNegative{0.10f, 0.32f, 0.88f, 1.0f};
// Inline: the scene calls it for every band (up to 16,384 a frame).
inline glm::vec4 band_color(float value, float scale) {
  if (!std::isfinite(value) || !(scale > 0.0f)) return kBandNeutral;
  const float r = std::clamp(value / scale, -1.0f, 1.0f);
  const float t = std::sqrt(std::abs(r));
  const glm::vec4& pole = r >= 0.0f ? kBandPositive : kBandNegative;
  const float u = 1.0f - t;  // exactly the pole at t = 1
  return {kBandNeutral.r * u + pole.r * t, kBandNeutral.g * u + pole.g * t, kBandNeutral.b * u + pole.b * t, 1.0f};
}

// Attention-grid cell colour: dark steel at weight 0 to bright glow at weight 1.
glm::vec4 attention_cell_color(float weight);

// MLP needle: signed length value / scale · max_length (scale = max |mlp_post| over
// the layer's whole [T, 128] block); positive points up in copper-tinted steel,
// negative down in blue-tinted steel.
float neuron_needle_length(float value, float scale, float max_length);
glm::vec4 neuron_needle_color(float value);

}  // namespace am::machine

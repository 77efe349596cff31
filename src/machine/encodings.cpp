#include "am/machine/encodings.hpp"

#include <algorithm>
#include <cmath>

namespace am::machine {

namespace {
constexpr float kHalfPi = 1.57079632679489662f;

float clamp01(float v) { return std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f; }
}  // namespace

float dial_needle_angle(float score) {
  if (!std::isfinite(score)) return 0.0f;
  return kHalfPi * std::tanh(score / kDialScoreScale);
}

float thread_radius(float weight, float spacing) {
  return spacing * (0.005f + 0.05f * std::sqrt(clamp01(weight)));
}

glm::vec4 thread_color(float weight, bool highlighted) {
  const float b = 0.3f + 0.7f * clamp01(weight);
  // Highlighted paths (chapter 7) burn whiter so the eye follows them across layers.
  const glm::vec3 hue = highlighted ? glm::vec3(1.0f, 0.93f, 0.70f) : glm::vec3(1.0f, 0.68f, 0.28f);
  return {hue * b, b};
}

// By area: a bead's cross-section grows with the weight it carries, so light beads
// still read as beads instead of a few pixels.
float bead_diameter(float weight, float spacing) { return 0.45f * spacing * std::sqrt(clamp01(weight)); }

glm::vec4 attention_cell_color(float weight) {
  const float t = std::sqrt(clamp01(weight));
  const glm::vec3 dark(0.10f, 0.10f, 0.12f), bright(1.0f, 0.72f, 0.30f);
  return {dark + (bright - dark) * t, 1.0f};
}

float neuron_needle_length(float value, float scale, float max_length) {
  if (!std::isfinite(value) || !(scale > 0.0f)) return 0.0f;
  return std::clamp(value / scale, -1.0f, 1.0f) * max_length;
}

glm::vec4 neuron_needle_color(float value) {
  return value >= 0.0f ? glm::vec4(1.0f, 0.62f, 0.42f, 1.0f) : glm::vec4(0.45f, 0.62f, 1.0f, 1.0f);
}

}  // namespace am::machine

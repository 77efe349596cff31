// The drum on the left: a brass recording drum whose surface carries the
// training loss curve (and the induction accuracy when known), turned so the
// current step faces the front where a steel pen marks it.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "builder.hpp"
#include "transforms.hpp"

namespace am::machine {

namespace {
const glm::vec4 kWhite{1.0f};
// One colour per quantity everywhere (the panels' chart uses the same hues):
// loss is blue, copy accuracy copper. Inks are dark on the brass, labels light.
const glm::vec4 kLossInk{0.04f, 0.16f, 0.45f, 1.0f};
const glm::vec4 kAccuracyInk{0.55f, 0.22f, 0.04f, 1.0f};
const glm::vec4 kLossLabel{0.43f, 0.67f, 0.90f, 1.0f};
const glm::vec4 kAccuracyLabel{0.90f, 0.55f, 0.27f, 1.0f};
const glm::vec4 kTickInk{0.22f, 0.17f, 0.10f, 1.0f};
const glm::vec4 kLightInk{0.93f, 0.86f, 0.68f, 1.0f};
const glm::vec4 kMarkGlow{1.0f, 0.62f, 0.25f, 1.0f};
constexpr float kSweep = 5.23598775598f;  // the run covers 300° of the drum
constexpr float kFront = -0.45f;          // radians from +Z towards +X: the face turned to the default (front-left) camera
constexpr float kMaxStepAngle = 0.0873f;  // 5°: finer chords so the curve hugs the surface

// Linear interpolation of a per-checkpoint series at a step (clamped to the ends).
float series_at(const std::vector<std::int64_t>& steps, const std::vector<float>& values, std::int64_t step) {
  const std::size_t n = std::min(steps.size(), values.size());
  if (n == 0) return 0.0f;
  if (step <= steps[0]) return values[0];
  for (std::size_t i = 1; i < n; ++i)
    if (step <= steps[i]) {
      const double span = static_cast<double>(steps[i] - steps[i - 1]);
      const float t = span > 0 ? static_cast<float>(static_cast<double>(step - steps[i - 1]) / span) : 1.0f;
      return values[i - 1] + (values[i] - values[i - 1]) * t;
    }
  return values[n - 1];
}

struct DrumMap {
  glm::vec3 centre;
  float radius, y0, y1;     // curve band from y0 (low values) to y1 (high values)
  double max_step;
  std::int64_t current;
  float angle(double step) const {  // around the axis, from +Z towards +X
    return kFront + kSweep * static_cast<float>((step - static_cast<double>(current)) / max_step);
  }
  glm::vec3 at(double step, float unit_height) const {
    const float a = angle(step);
    return centre + glm::vec3(radius * std::sin(a), y0 + (y1 - y0) * unit_height, radius * std::cos(a));
  }
};

void add_curve(Builder& b, const DrumMap& map, const std::vector<std::int64_t>& steps, const std::vector<float>& values,
               float lo, float hi, float radius, const glm::vec4& ink, PickId pick) {
  const std::size_t n = std::min(steps.size(), values.size());
  if (n < 2) return;
  const auto unit = [&](float v) { return std::isfinite(v) ? std::clamp((v - lo) / (hi - lo), 0.0f, 1.0f) : 0.0f; };
  const std::size_t stride = std::max<std::size_t>(1, n / 400);  // keeps the tube under ~1,000 points
  SweptTube& tube = b.tube(radius, ink, Material::kPaint, pick);
  std::size_t prev = 0;
  tube.points.push_back(map.at(static_cast<double>(steps[0]), unit(values[0])));
  for (std::size_t i = stride; i < n + stride - 1; i += stride) {
    const std::size_t k = std::min(i, n - 1);
    const double s0 = static_cast<double>(steps[prev]), s1 = static_cast<double>(steps[k]);
    const int sub = std::clamp(static_cast<int>(std::ceil(std::abs(map.angle(s1) - map.angle(s0)) / kMaxStepAngle)), 1, 16);
    for (int j = 1; j <= sub; ++j) {
      const float t = static_cast<float>(j) / static_cast<float>(sub);
      tube.points.push_back(map.at(s0 + (s1 - s0) * t, unit(values[prev] + (values[k] - values[prev]) * t)));
    }
    prev = k;
    if (k == n - 1) break;
  }
}
}  // namespace

void build_drum(Builder& b) {
  const Layout& L = b.layout;
  const TrainingTrack& tr = b.in.training;
  const glm::vec3 c = L.drum_centre;
  const float R = L.drum_radius, H = L.drum_height;
  const std::size_t n = tr.steps.size();
  const bool has_loss = n > 0 && tr.loss.size() == n;
  const bool has_accuracy = n > 0 && tr.accuracy.size() == n;
  const float loss_now = has_loss ? series_at(tr.steps, tr.loss, tr.current_step) : -1.0f;

  Part p;
  p.kind = PartKind::kDrum;
  p.step = tr.current_step;
  p.value = loss_now;  // negative: unknown
  p.index = 0;
  p.weight = has_accuracy ? series_at(tr.steps, tr.accuracy, tr.current_step) : -1.0f;
  const PickId pick = b.part(p);

  b.add(Mesh::kCylinder, Material::kBrass, xf::cylinder_y(c, R, H), kWhite, pick);
  b.add(Mesh::kCylinder, Material::kSteel, xf::cylinder_y(c, 0.12f, H + 0.6f), kWhite);
  b.add(Mesh::kBevelBox, Material::kSteel, xf::box({c.x, 0.06f, c.z}, {2.0f * R + 0.6f, 0.12f, 2.0f * R + 0.6f}), kWhite);

  const glm::vec3 front(std::sin(kFront), 0.0f, std::cos(kFront));
  const glm::vec3 side = glm::normalize(glm::cross(glm::vec3(0, 1, 0), front));
  char buf[64];
  std::snprintf(buf, sizeof buf, "training step %lld", static_cast<long long>(tr.current_step));
  const glm::vec3 plaque = c + front * (R + 0.32f) + glm::vec3(0.0f, -0.5f * H + 0.05f, 0.0f);
  b.label(buf, plaque + glm::vec3(0, 0.2f, 0), side, {0, 1, 0}, 0.16f, kLightInk);
  if (n == 0) {
    b.label("no training record", plaque, side, {0, 1, 0}, 0.12f, kLightInk);
    return;
  }
  // The labels double as the curves' legend: each in its curve's colour. Loss in bits.
  if (has_loss) {
    std::snprintf(buf, sizeof buf, "loss %.3f bits", static_cast<double>(loss_now) / 0.69314718055994530942);
    b.label(buf, plaque, side, {0, 1, 0}, 0.14f, kLossLabel);
  }
  if (has_accuracy && p.weight >= 0.0f) {
    std::snprintf(buf, sizeof buf, "copy accuracy %.0f%%", 100.0 * static_cast<double>(p.weight));
    b.label(buf, plaque + glm::vec3(0, 0.42f, 0), side, {0, 1, 0}, 0.14f, kAccuracyLabel);
  }

  float lo = INFINITY, hi = -INFINITY;
  if (has_loss)
    for (float v : tr.loss)
      if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
  if (!(hi > lo)) hi = (std::isfinite(lo) ? lo : 0.0f) + 1.0f, lo = hi - 1.0f;
  const std::int64_t last = std::max<std::int64_t>(tr.steps[n - 1], 1);
  const DrumMap map{c - glm::vec3(0, 0.5f * H, 0), R + 0.015f, 0.3f, H - 0.3f, static_cast<double>(last), tr.current_step};

  // A tick at the foot of the drum for every checkpoint (at most ~200).
  const std::size_t stride = std::max<std::size_t>(1, n / 200);
  for (std::size_t i = 0; i < n; i += stride) {
    const float a = map.angle(static_cast<double>(tr.steps[i]));
    const glm::vec3 out(std::sin(a), 0.0f, std::cos(a));
    const glm::vec3 at = map.centre + out * map.radius + glm::vec3(0.0f, 0.14f, 0.0f);
    b.add(Mesh::kBox, Material::kPaint, xf::oriented_box(at, glm::cross(glm::vec3(0, 1, 0), out), {0, 1, 0}, {0.02f, 0.16f, 0.01f}),
          kTickInk, pick);
  }

  if (has_loss) add_curve(b, map, tr.steps, tr.loss, lo, hi, 0.028f, kLossInk, pick);
  if (has_accuracy) {
    Part a = p;
    a.index = 1;  // the accuracy curve
    add_curve(b, map, tr.steps, tr.accuracy, 0.0f, 1.0f, 0.02f, kAccuracyInk, b.part(a));
  }

  // The current step: a glowing line down the drum's face, a copper bead on the curve and the pen.
  const float unit_now = has_loss ? std::clamp((loss_now - lo) / (hi - lo), 0.0f, 1.0f) : 0.5f;
  const glm::vec3 mark = map.at(static_cast<double>(tr.current_step), unit_now);
  b.add(Mesh::kBox, Material::kGlow,
        xf::oriented_box(c + front * (R + 0.005f), side, {0, 1, 0}, {0.025f, H - 0.2f, 0.01f}), kMarkGlow, pick);
  b.add(Mesh::kSphere, Material::kCopper, xf::sphere(mark + front * 0.02f, 0.12f), kWhite, pick);
  const glm::vec3 pen_base = mark + front * 0.9f + glm::vec3(0, 0.35f, 0);
  const glm::vec3 pen_dir = glm::normalize(mark - pen_base);
  b.add(Mesh::kNeedle, Material::kSteel, xf::needle(pen_base, pen_dir, side, glm::length(mark - pen_base), 0.05f), kWhite,
        pick);
}

}  // namespace am::machine

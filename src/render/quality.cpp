#include "am/render/quality.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace am::render {

const char* quality_tier_name(QualityTier tier) {
  switch (tier) {
    case QualityTier::kLow: return "low";
    case QualityTier::kMedium: return "medium";
    case QualityTier::kHigh: return "high";
  }
  return "high";
}

QualityLevel quality_level(QualityTier tier) {
  QualityLevel q;  // High: the full look
  if (tier == QualityTier::kMedium) {
    // The costliest thing under llvmpipe is shading four samples per pixel (and it has
    // no two-sample mode): no MSAA, the edge filter instead; the look otherwise High's.
    q.msaa_samples = 0;
    q.edge_filter = true;
    q.motion_resolution = 0.6f;
  } else if (tier == QualityTier::kLow) {
    // Every give-up that keeps the brass, the glass and the band colours.
    q.msaa_samples = 0;
    q.edge_filter = true;
    q.shadow_map_size = 512;
    q.simple_shading = true;
    q.inner_glass = false;
    q.detail_scale = 0.5f;
    q.motion_resolution = 0.4f;
  }
  return q;
}

bool is_software_renderer(std::string_view gl_renderer) {
  std::string r(gl_renderer);
  std::transform(r.begin(), r.end(), r.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* name : {"llvmpipe", "softpipe", "swiftshader", "software", "swr"})
    if (r.find(name) != std::string::npos) return true;
  return false;
}

QualityTier quality_ceiling(QualityChoice choice) {
  switch (choice) {
    case QualityChoice::kLow: return QualityTier::kLow;
    case QualityChoice::kMedium: return QualityTier::kMedium;
    default: return QualityTier::kHigh;
  }
}

QualityTier initial_quality(QualityChoice choice, std::string_view gl_renderer) {
  if (choice != QualityChoice::kAuto) return quality_ceiling(choice);
  return is_software_renderer(gl_renderer) ? QualityTier::kLow : QualityTier::kHigh;
}

namespace {

double median_ms(const std::vector<AdaptState::Sample>& samples) {
  std::vector<double> v;
  v.reserve(samples.size());
  for (const auto& s : samples) v.push_back(s.frame_ms);
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}

AdaptState restart(AdaptState s, QualityTier tier) {
  s.tier = tier;
  s.window.clear();
  s.window_start_s = -1.0;
  s.fast_since_s = -1.0;
  return s;
}

}  // namespace

AdaptState adapt_quality(AdaptState s, double time_s, double frame_ms, QualityTier ceiling, const AdaptRules& rules) {
  if (s.tier > ceiling) return restart(s, ceiling);  // the user lowered the choice
  // A pause (the app idles between events) breaks the evidence: start counting again.
  if (!s.window.empty() && time_s - s.window.back().time_s > rules.window_seconds) s = restart(s, s.tier);
  if (s.window_start_s < 0.0) s.window_start_s = time_s;
  s.window.push_back({time_s, frame_ms});
  const auto old = std::find_if(s.window.begin(), s.window.end(),
                                [&](const AdaptState::Sample& x) { return x.time_s >= time_s - rules.window_seconds; });
  s.window.erase(s.window.begin(), old);

  if (frame_ms < rules.fast_ms) {
    if (s.fast_since_s < 0.0) s.fast_since_s = time_s;
  } else {
    s.fast_since_s = -1.0;
  }
  const bool full_window = time_s - s.window_start_s >= rules.window_seconds;
  if (full_window && s.tier > QualityTier::kLow && median_ms(s.window) > rules.slow_ms)
    return restart(s, static_cast<QualityTier>(static_cast<int>(s.tier) - 1));
  if (s.fast_since_s >= 0.0 && time_s - s.fast_since_s >= rules.fast_seconds && s.tier < ceiling)
    return restart(s, static_cast<QualityTier>(static_cast<int>(s.tier) + 1));
  return s;
}

}  // namespace am::render

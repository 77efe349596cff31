// Quality tiers: Auto's choice from the driver name, and the adaptive controller
// driven by synthetic frame times (60 frames a second of simulated clock).
#include <catch2/catch.hpp>

#include "am/render/quality.hpp"

using namespace am::render;

namespace {

// Feeds `seconds` of frames of `ms` each, spaced by their own length (as a busy loop).
AdaptState feed(AdaptState s, double& clock, double seconds, double ms, QualityTier ceiling,
                std::vector<QualityTier>* changes = nullptr) {
  const double end = clock + seconds;
  while (clock < end) {
    clock += ms / 1000.0;
    const QualityTier before = s.tier;
    s = adapt_quality(s, clock, ms, ceiling);
    if (changes && s.tier != before) changes->push_back(s.tier);
  }
  return s;
}

}  // namespace

TEST_CASE("quality: names parse back, and unknown names are refused") {
  for (const auto c : {QualityChoice::kAuto, QualityChoice::kHigh, QualityChoice::kMedium, QualityChoice::kLow})
    CHECK(parse_quality_choice(quality_choice_name(c)) == c);
  CHECK_FALSE(parse_quality_choice("ultra").has_value());
  CHECK_FALSE(parse_quality_choice("").has_value());
  CHECK(std::string(quality_tier_name(QualityTier::kMedium)) == "medium");
}

TEST_CASE("quality: Auto starts at Low on software rasterisers, High elsewhere; a choice is obeyed") {
  CHECK(initial_quality(QualityChoice::kAuto, "llvmpipe (LLVM 15.0.6, 256 bits)") == QualityTier::kLow);
  CHECK(initial_quality(QualityChoice::kAuto, "softpipe") == QualityTier::kLow);
  CHECK(initial_quality(QualityChoice::kAuto, "Google SwiftShader") == QualityTier::kLow);
  CHECK(initial_quality(QualityChoice::kAuto, "Microsoft Basic Render Driver (Software)") == QualityTier::kLow);
  CHECK(initial_quality(QualityChoice::kAuto, "AMD Radeon RX 6600 (radeonsi, navi23)") == QualityTier::kHigh);
  CHECK(initial_quality(QualityChoice::kHigh, "llvmpipe (LLVM 15.0.6, 256 bits)") == QualityTier::kHigh);
  CHECK(initial_quality(QualityChoice::kMedium, "llvmpipe") == QualityTier::kMedium);
  CHECK(initial_quality(QualityChoice::kLow, "NVIDIA GeForce") == QualityTier::kLow);
}

TEST_CASE("quality: the tiers give up more the lower they go") {
  const QualityLevel high = quality_level(QualityTier::kHigh), medium = quality_level(QualityTier::kMedium),
                     low = quality_level(QualityTier::kLow);
  CHECK(high.msaa_samples == 4);
  CHECK(high.inner_glass);
  CHECK_FALSE(high.simple_shading);
  CHECK(medium.msaa_samples < high.msaa_samples);
  CHECK(medium.inner_glass);
  CHECK(low.msaa_samples == 0);
  CHECK(low.edge_filter);
  CHECK(low.shadow_map_size < high.shadow_map_size);
  CHECK(low.simple_shading);
  CHECK_FALSE(low.inner_glass);
  CHECK(low.detail_scale < 1.0f);
  CHECK(low.motion_resolution > 0.0f);
  CHECK(low.motion_resolution < medium.motion_resolution);
}

TEST_CASE("quality: slow frames step down one tier per full second, not faster") {
  AdaptState s;
  s.tier = QualityTier::kHigh;
  double clock = 0.0;
  // Half a second of slow frames is not a full window: no step yet.
  s = feed(s, clock, 0.5, 50.0, QualityTier::kHigh);
  CHECK(s.tier == QualityTier::kHigh);
  std::vector<QualityTier> changes;
  s = feed(s, clock, 0.6, 50.0, QualityTier::kHigh, &changes);
  REQUIRE(changes == std::vector<QualityTier>{QualityTier::kMedium});
  // The window restarts at the new tier: the next step needs another full second.
  changes.clear();
  s = feed(s, clock, 0.9, 50.0, QualityTier::kHigh, &changes);
  CHECK(changes.empty());
  s = feed(s, clock, 0.2, 50.0, QualityTier::kHigh, &changes);
  CHECK(changes == std::vector<QualityTier>{QualityTier::kLow});
  // Low is the floor.
  s = feed(s, clock, 3.0, 200.0, QualityTier::kHigh);
  CHECK(s.tier == QualityTier::kLow);
}

TEST_CASE("quality: fast frames for five seconds step back up, never above the ceiling") {
  AdaptState s;
  s.tier = QualityTier::kLow;
  double clock = 0.0;
  s = feed(s, clock, 4.9, 8.0, QualityTier::kHigh);
  CHECK(s.tier == QualityTier::kLow);
  s = feed(s, clock, 0.2, 8.0, QualityTier::kHigh);
  CHECK(s.tier == QualityTier::kMedium);
  s = feed(s, clock, 5.1, 8.0, QualityTier::kHigh);
  CHECK(s.tier == QualityTier::kHigh);
  s = feed(s, clock, 20.0, 8.0, QualityTier::kHigh);
  CHECK(s.tier == QualityTier::kHigh);

  AdaptState capped;
  capped.tier = QualityTier::kLow;
  clock = 0.0;
  capped = feed(capped, clock, 30.0, 5.0, QualityTier::kMedium);
  CHECK(capped.tier == QualityTier::kMedium);
  // Lowering the ceiling takes effect at once.
  capped = adapt_quality(capped, clock + 0.01, 5.0, QualityTier::kLow);
  CHECK(capped.tier == QualityTier::kLow);
}

TEST_CASE("quality: hysteresis between the thresholds, and one slow frame breaks a fast run") {
  double clock = 0.0;
  // 20 ms frames are neither slow nor fast: Medium stays Medium for a minute.
  AdaptState s;
  s.tier = QualityTier::kMedium;
  std::vector<QualityTier> changes;
  s = feed(s, clock, 60.0, 20.0, QualityTier::kHigh, &changes);
  CHECK(changes.empty());

  // 4 s fast, one 40 ms frame, 4 s fast: no run of five seconds, no step up.
  AdaptState t;
  t.tier = QualityTier::kLow;
  t = feed(t, clock, 4.0, 8.0, QualityTier::kHigh);
  t = feed(t, clock, 0.04, 40.0, QualityTier::kHigh);
  t = feed(t, clock, 4.0, 8.0, QualityTier::kHigh);
  CHECK(t.tier == QualityTier::kLow);

  // A few slow frames inside a second of fast ones leave the median fast: no step down.
  AdaptState u;
  u.tier = QualityTier::kHigh;
  for (int i = 0; i < 10; ++i) {
    u = feed(u, clock, 0.08, 8.0, QualityTier::kHigh);
    u = feed(u, clock, 0.04, 40.0, QualityTier::kHigh);
  }
  CHECK(u.tier == QualityTier::kHigh);
}

TEST_CASE("quality: a pause between frames (the app idling) restarts the evidence") {
  AdaptState s;
  s.tier = QualityTier::kHigh;
  double clock = 0.0;
  // Slow frames, but each after a two-second idle gap: never a full second of them.
  for (int i = 0; i < 10; ++i) {
    clock += 2.0;
    s = adapt_quality(s, clock, 80.0, QualityTier::kHigh);
  }
  CHECK(s.tier == QualityTier::kHigh);
}

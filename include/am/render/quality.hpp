// Quality tiers: what the renderer gives up to stay smooth on a slow (software)
// rasteriser, and the Auto controller that picks a tier from measured frame times.
// No GL here: the controller is a pure function, unit-tested on synthetic frames.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "am/core/quality_choice.hpp"

namespace am::render {

// Ordered from cheapest to finest, so "one tier down" is minus one.
enum class QualityTier : std::uint8_t { kLow = 0, kMedium = 1, kHigh = 2 };
// What the user asked for (am/core/quality_choice.hpp: the enum and its names).
using am::QualityChoice;
using am::quality_choice_name;
using am::parse_quality_choice;

const char* quality_tier_name(QualityTier tier);        // "high", "medium", "low"

// What one tier draws. High is the full look (every reference image is drawn at High).
struct QualityLevel {
  int msaa_samples = 4;        // 0: no multisampling (then the edge filter may run)
  bool edge_filter = false;    // a cheap edge blur on still frames without MSAA
  int shadow_map_size = 1024;  // the key light's depth render (the blurred map is half)
  bool simple_shading = false; // cheaper lit shaders (fewer environment lobes)
  bool inner_glass = true;     // glass drawn twice (inner walls, then outer)
  float detail_scale = 1.0f;   // on-screen radius multiplier when choosing mesh detail
  // Share of width and height drawn while moving; 0: automatic (0.6 on a software
  // rasteriser, else 1, as before tiers existed).
  float motion_resolution = 0.0f;
};
QualityLevel quality_level(QualityTier tier);

// GL_RENDERER strings of software rasterisers: llvmpipe, softpipe, SwiftShader, or
// anything naming itself "software".
bool is_software_renderer(std::string_view gl_renderer);

// The tier to start with. Auto: Low on a software rasteriser, else High.
QualityTier initial_quality(QualityChoice choice, std::string_view gl_renderer);
// The highest tier a choice allows (Auto allows High).
QualityTier quality_ceiling(QualityChoice choice);

// Auto's memory between frames: the frames of the last second, and since when
// every frame has been fast. A plain value; adapt_quality returns the next one.
struct AdaptState {
  QualityTier tier = QualityTier::kHigh;
  struct Sample {
    double time_s;
    double frame_ms;
  };
  std::vector<Sample> window;      // frames drawn in the last kWindowSeconds
  double window_start_s = -1.0;    // first frame counted since the last change
  double fast_since_s = -1.0;      // start of the current run of fast frames (< 0: none)
};

struct AdaptRules {
  double window_seconds = 1.0;  // the median is taken over this long
  double slow_ms = 33.0;        // median above this: one tier down
  double fast_ms = 12.0;        // every frame below this ...
  double fast_seconds = 5.0;    // ... for this long: one tier up
};

// One frame drawn at `time_s` (seconds, increasing) that took `frame_ms`. Steps down
// when the median frame of a full window is above slow_ms; steps up when every frame
// has been below fast_ms for fast_seconds, never above `ceiling`. After any step the
// window starts again (hysteresis: a step is judged on frames drawn at the new tier).
AdaptState adapt_quality(AdaptState state, double time_s, double frame_ms, QualityTier ceiling,
                         const AdaptRules& rules = {});

}  // namespace am::render

// The drum playing through training by itself (Space), one checkpoint at a time.
#pragma once

#include <cstdint>
#include <vector>

#include "am/ui/app_state.hpp"

namespace am::ui {

// Pace of playback at speed 1: slow enough to watch the machine change between checkpoints,
// and to take more than 5 s over the shipped run's sudden change (13 checkpoints apart).
inline constexpr double kSecondsPerCheckpoint = 0.45;
// The speeds the drum's speed control offers.
inline constexpr double kPlaySpeeds[] = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0};

// Starts (from the first checkpoint if at the end) or pauses.
void toggle_playback(AppState& state, const std::vector<std::int64_t>& steps);
// Advances the clock by dt seconds; moves state.step on by whole checkpoints and
// stops at the last one. Returns true if the step changed.
bool advance_playback(AppState& state, const std::vector<std::int64_t>& steps, double dt_seconds);

}  // namespace am::ui

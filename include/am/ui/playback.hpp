// The drum playing through training by itself (Space), one checkpoint at a time.
#pragma once

#include <cstdint>
#include <vector>

#include "am/ui/app_state.hpp"

namespace am::ui {

// Pace of playback: slow enough to watch the machine change between checkpoints.
inline constexpr double kSecondsPerCheckpoint = 0.12;

// Starts (from the first checkpoint if at the end) or pauses.
void toggle_playback(AppState& state, const std::vector<std::int64_t>& steps);
// Advances the clock by dt seconds; moves state.step on by whole checkpoints and
// stops at the last one. Returns true if the step changed.
bool advance_playback(AppState& state, const std::vector<std::int64_t>& steps, double dt_seconds);

}  // namespace am::ui

#include "am/ui/playback.hpp"

#include <algorithm>

namespace am::ui {
namespace {

std::size_t index_of(const std::vector<std::int64_t>& steps, std::int64_t step) {
  const auto it = std::lower_bound(steps.begin(), steps.end(), step);
  return it == steps.end() ? steps.size() - 1 : static_cast<std::size_t>(it - steps.begin());
}

}  // namespace

void toggle_playback(AppState& state, const std::vector<std::int64_t>& steps) {
  if (steps.empty()) return;
  state.playing = !state.playing;
  state.play_clock = 0.0;
  if (state.playing && state.step >= steps.back()) {
    state.step = steps.front();  // at the end: play from the start
  }
}

bool advance_playback(AppState& state, const std::vector<std::int64_t>& steps, double dt_seconds) {
  if (!state.playing || steps.empty()) return false;
  state.play_clock += std::max(0.0, dt_seconds);
  const double per_checkpoint = kSecondsPerCheckpoint / std::clamp(state.play_speed, 0.01, 100.0);
  std::size_t i = index_of(steps, state.step);
  bool moved = false;
  while (state.play_clock >= per_checkpoint && i + 1 < steps.size()) {
    state.play_clock -= per_checkpoint;
    ++i;
    moved = true;
  }
  if (i + 1 >= steps.size()) {
    state.playing = false;
    state.play_clock = 0.0;
  }
  if (moved) {
    state.step = steps[i];
  }
  return moved;
}

}  // namespace am::ui

#include "am/ui/idle_policy.hpp"

#include <algorithm>
#include <cmath>

namespace am::ui {

void IdlePolicy::note_frame(const AppState& state, double time_seconds, double dt_seconds, bool input,
                            bool about_beads) {
  ShownState now = shown_state(state);
  if (input || !last_ || !(*last_ == now)) last_change_s_ = time_seconds;
  last_ = std::move(now);
  beads_moving_ = !state.settings.reduced_motion &&
                  (about_beads || time_seconds - last_change_s_ < kBeadsAfterChangeSeconds);
  if (beads_moving_) bead_clock_ += dt_seconds;
}

float IdlePolicy::presentation_hint(bool presentation, double time_seconds) {
  if (presentation && !presenting_) presentation_at_s_ = time_seconds;
  presenting_ = presentation;
  const double left = presentation ? kPresentationHintSeconds - (time_seconds - presentation_at_s_) : 0.0;
  const float alpha = static_cast<float>(std::clamp(left, 0.0, 1.0));
  hint_showing_ = alpha > 0.0f;
  return alpha;
}

bool state_moves(const AppState& state) {
  return state.playing || state.beat.playing || !state.typing.pending.empty();
}

LoopWait LoopPacer::wait() const {
  if (moving_) return LoopWait::kFrame;
  if (settle_ > 0) return LoopWait::kPoll;
  return background_ ? LoopWait::kProgress : LoopWait::kEvent;
}

void LoopPacer::drawn(const Frame& frame) {
  if (settle_ > 0) --settle_;
  const bool fresh = frame.changed || frame.told_after;
  if (fresh) settle_ = kSettleFrames;
  moving_ = frame.moving || fresh;
  background_ = frame.background;
}

}  // namespace am::ui

// When the window may rest: the beads travel in the chapters about them and for a few
// seconds after any change elsewhere, then stop so that an idle window draws nothing;
// presentation mode's hint shows how to come back for a few seconds, then fades.
// Pure: times come in as seconds; a change is seen by comparing ShownStates.
#pragma once

#include <optional>

#include "am/ui/app_state.hpp"

namespace am::ui {

// Beads keep moving this long after the last change, in chapters not about them.
inline constexpr double kBeadsAfterChangeSeconds = 3.0;
// Presentation mode's "how to come back" hint: shown this long, its last second fading.
inline constexpr double kPresentationHintSeconds = 4.0;

class IdlePolicy {
 public:
  // Once a frame, after everything that changes the state: `input` is true when an event
  // or a panel acted this frame; `about_beads` when the chapter or beat shows them.
  void note_frame(const AppState& state, double time_seconds, double dt_seconds, bool input,
                  bool about_beads);
  bool beads_moving() const { return beads_moving_; }
  // The state as note_frame last saw it (call note_frame first).
  const ShownState& shown() const { return *last_; }
  double bead_clock() const { return bead_clock_; }  // seconds the beads have travelled
  // The hint's opacity now (0: not shown); it restarts each time presentation mode does.
  float presentation_hint(bool presentation, double time_seconds);
  bool hint_showing() const { return hint_showing_; }

 private:
  std::optional<ShownState> last_;
  double last_change_s_ = 0.0;
  double bead_clock_ = 0.0;
  bool beads_moving_ = true;
  bool presenting_ = false;
  double presentation_at_s_ = 0.0;
  bool hint_showing_ = false;
};

}  // namespace am::ui

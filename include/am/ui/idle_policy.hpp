// When the window may rest: the beads travel in the chapters about them and for a few
// seconds after any change elsewhere, then stop so that an idle window draws nothing;
// presentation mode's hint shows how to come back for a few seconds, then fades. What in
// the state moves by itself, and how the window's loop waits between frames.
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

// What in the state moves by itself, frame after frame, with no input: the drum playing
// through training, the chapter's beats playing, Write's characters still arriving. The
// window does not rest while any of them does.
bool state_moves(const AppState& state);

// How the window's loop waits before its next frame.
enum class LoopWait {
  kPoll,      // not at all: ImGui settles what the last frames changed
  kFrame,     // one display frame at most (1/60 s): something moves
  kProgress,  // a tenth of a second: only background work goes on
  kEvent,     // until the next event, however long
};

// The loop's side of resting. A change, an event after a rest, or anything the window told
// the session after drawing a frame (a recording that ended, a picture saved) is drawn at
// once and once more for ImGui to settle the panels' sizes; until then the loop may not rest,
// or the dialog would keep its old words until the mouse moves.
class LoopPacer {
 public:
  static constexpr int kSettleFrames = 2;
  struct Frame {
    bool moving = false;      // something moves by itself (camera, beads, beats, typing, a recording)
    bool changed = false;     // the frame changed what is shown (an event, a panel, the state)
    bool told_after = false;  // the window told the session something after drawing the frame
    bool background = false;  // background work goes on (passes for other checkpoints, training)
  };
  LoopWait wait() const;
  void woke() { settle_ = kSettleFrames; }  // after a kEvent wait: the event is drawn, and settled
  void minimised() { settle_ = 0, moving_ = false; }
  void drawn(const Frame& frame);  // after each frame drawn and shown

 private:
  int settle_ = kSettleFrames;
  bool moving_ = false, background_ = false;
};

}  // namespace am::ui

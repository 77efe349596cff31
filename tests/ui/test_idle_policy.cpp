// The one change signal (ShownState) and the idle policy that reads it.
#include <catch2/catch.hpp>

#include "am/ui/idle_policy.hpp"

using namespace am::ui;

TEST_CASE("the shown state changes with what is computed or shown, not with the clocks", "[idle]") {
  AppState s;
  set_text(s, "the cat");
  const ShownState before = shown_state(s);
  // Clocks that run while something plays, and the status line, are not changes.
  s.play_clock = 0.7;
  s.typing.clock = 0.2;
  s.beat.progress = 0.4;
  s.tracing.hovered_part = 3;
  set_status(s, "Saved");
  CHECK(shown_state(s) == before);
  // Each of these is.
  AppState t = s;
  set_text(t, "the cap");
  CHECK_FALSE(shown_state(t) == before);
  t = s;
  t.step = 250;
  CHECK_FALSE(shown_state(t) == before);
  t = s;
  set_pulled(t, 1, 3, true);
  CHECK_FALSE(shown_state(t) == before);
  t = s;
  t.settings.font_scale = 1.5f;
  CHECK_FALSE(shown_state(t) == before);
  t = s;
  t.predict.revealed = true;
  CHECK_FALSE(shown_state(t) == before);
  t = s;
  t.beat.index = 2;
  CHECK_FALSE(shown_state(t) == before);
}

TEST_CASE("beads travel for three seconds after a change, then rest; always in their own chapters",
          "[idle]") {
  AppState s;
  set_text(s, "the cat");
  IdlePolicy idle;
  idle.note_frame(s, 0.0, 0.0, false, false);
  CHECK(idle.beads_moving());
  idle.note_frame(s, 2.0, 2.0, false, false);
  CHECK(idle.beads_moving());
  CHECK(idle.bead_clock() == Approx(2.0));
  idle.note_frame(s, kBeadsAfterChangeSeconds + 0.5, 1.5, false, false);
  CHECK_FALSE(idle.beads_moving());
  CHECK(idle.bead_clock() == Approx(2.0));  // the clock stops with them
  // A change wakes them; so does any input event.
  s.step = 500;
  idle.note_frame(s, 10.0, 0.1, false, false);
  CHECK(idle.beads_moving());
  CHECK(idle.shown() == shown_state(s));  // what it saw, for the frame's own comparison
  CHECK(idle.shown().step == 500);
  idle.note_frame(s, 20.0, 0.1, false, false);
  CHECK_FALSE(idle.beads_moving());
  idle.note_frame(s, 21.0, 0.1, true, false);
  CHECK(idle.beads_moving());
  // In a chapter about beads they never rest; with reduced motion they never move.
  idle.note_frame(s, 60.0, 0.1, false, true);
  CHECK(idle.beads_moving());
  s.settings.reduced_motion = true;
  idle.note_frame(s, 61.0, 0.1, false, true);
  CHECK_FALSE(idle.beads_moving());
}

TEST_CASE("presentation mode's hint shows for four seconds, fading in its last", "[idle]") {
  IdlePolicy idle;
  CHECK(idle.presentation_hint(false, 0.0) == 0.0f);
  CHECK(idle.presentation_hint(true, 10.0) == 1.0f);
  CHECK(idle.presentation_hint(true, 12.9) == 1.0f);
  CHECK(idle.presentation_hint(true, 13.5) == Approx(0.5f));
  CHECK(idle.hint_showing());
  CHECK(idle.presentation_hint(true, 14.5) == 0.0f);
  CHECK_FALSE(idle.hint_showing());
  // Leaving and entering again starts it afresh.
  idle.presentation_hint(false, 20.0);
  CHECK(idle.presentation_hint(true, 30.0) == 1.0f);
}

// The one change signal (ShownState) and the idle policy that reads it; what moves by
// itself, how the window's loop waits, and a recording's beats.
#include <catch2/catch.hpp>
#include <vector>

#include "am/ui/beat_player.hpp"
#include "am/ui/idle_policy.hpp"
#include "am/ui/write_typing.hpp"

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

TEST_CASE("the state moves by itself while the drum or the beats play and while Write types", "[idle]") {
  AppState s;
  set_text(s, "the cat");
  CHECK_FALSE(state_moves(s));
  s.playing = true;
  CHECK(state_moves(s));
  s.playing = false;
  s.beat.playing = true;
  CHECK(state_moves(s));
  s.beat.playing = false;
  // Write's characters arrive one every 0.4 s with no input: the window may not rest
  // between two of them (it did, and the rest arrived only when the mouse moved).
  start_typing(s, " sat on");
  CHECK(state_moves(s));
  while (advance_typing(s, kSecondsPerTypedCharacter) > 0) CHECK(state_moves(s) == !s.typing.pending.empty());
  CHECK(s.raw_text == "the cat sat on");
  CHECK_FALSE(state_moves(s));
}

TEST_CASE("the loop rests only when nothing moves, changed or was told after the frame", "[idle]") {
  LoopPacer pacer;
  // The first frames settle ImGui, then the window rests until an event.
  CHECK(pacer.wait() == LoopWait::kPoll);
  pacer.drawn({});
  CHECK(pacer.wait() == LoopWait::kPoll);
  pacer.drawn({});
  CHECK(pacer.wait() == LoopWait::kEvent);
  pacer.woke();  // an event: drawn, and once more
  pacer.drawn({});
  CHECK(pacer.wait() == LoopWait::kPoll);
  pacer.drawn({});
  CHECK(pacer.wait() == LoopWait::kEvent);
  // While something moves, a frame each display frame; background work, a tenth of a second.
  pacer.drawn({.moving = true});
  CHECK(pacer.wait() == LoopWait::kFrame);
  pacer.drawn({.background = true});
  CHECK(pacer.wait() == LoopWait::kProgress);
  // A change is drawn at once and settled.
  pacer.drawn({.changed = true});
  CHECK(pacer.wait() == LoopWait::kFrame);
  pacer.drawn({});
  CHECK(pacer.wait() == LoopWait::kPoll);
  pacer.drawn({});
  CHECK(pacer.wait() == LoopWait::kEvent);
  // A recording's last frames: the frame drawn still showed 99 %, and the dialog's "saved"
  // came after it. Nothing moves any more, nothing changed in the frame, and yet the loop
  // must draw again (it rested with 99 % on screen until the mouse moved).
  pacer.drawn({.moving = true});
  pacer.drawn({.told_after = true});
  CHECK(pacer.wait() != LoopWait::kEvent);
  pacer.drawn({});
  CHECK(pacer.wait() != LoopWait::kEvent);
  pacer.drawn({});
  CHECK(pacer.wait() == LoopWait::kEvent);
  // Minimised: no settling, nothing moving.
  pacer.drawn({.moving = true});
  pacer.minimised();
  CHECK(pacer.wait() == LoopWait::kEvent);
}

TEST_CASE("a recording gives each beat its share of the clip and ends on the last beat's end", "[beats]") {
  const BeatPlayer start{.chapter = 7, .index = 2, .progress = 1.0, .playing = true, .speed = 2.0f};
  const int frames = 150;  // 5 s at 30 fps
  const int count = 3;     // chapter 7's beats
  std::vector<int> frames_of(count, 0);
  double last_position = -1.0;
  for (int f = 0; f < frames; ++f) {
    const BeatPlayer b = recorded_beat(start, 7, count, f, frames, false);
    REQUIRE(b.index >= 0);
    REQUIRE(b.index < count);
    ++frames_of[b.index];
    CHECK(b.chapter == 7);
    CHECK(b.speed == 2.0f);  // the player's speed stays the learner's
    CHECK_FALSE(b.playing);  // set each frame: nothing advances it between frames
    const double position = b.index + b.progress;
    CHECK(position > last_position);  // always forward, never a jump back
    last_position = position;
  }
  // Every beat on screen for about a third of the clip (step 2 of 3 was never seen).
  for (int i = 0; i < count; ++i) {
    CHECK(frames_of[i] >= frames / count - 1);
    CHECK(frames_of[i] <= frames / count + 1);
  }
  const BeatPlayer first = recorded_beat(start, 7, count, 0, frames, false);
  CHECK(first.index == 0);
  CHECK(first.progress == 0.0);
  const BeatPlayer mid = recorded_beat(start, 7, count, frames / 2, frames, false);
  CHECK(mid.index == 1);
  CHECK(mid.progress == Approx(0.5).margin(0.02));
  const BeatPlayer end = recorded_beat(start, 7, count, frames - 1, frames, false);
  CHECK(end.index == 2);
  CHECK(end.progress == 1.0);
  // Reduced motion: each beat's end state, held for its share.
  const BeatPlayer held = recorded_beat(start, 7, count, frames / 2, frames, true);
  CHECK(held.index == 1);
  CHECK(held.progress == 1.0);
  CHECK(held.hold == Approx(0.5).margin(0.02));
  // One frame: the end; no beats: none.
  CHECK(recorded_beat(start, 7, count, 0, 1, false).index == 2);
  CHECK(recorded_beat(start, 7, count, 0, 1, false).progress == 1.0);
  CHECK(recorded_beat(start, 3, 0, 5, frames, false).index == -1);
}

// The player that walks a chapter's beats: which beat, how far into it, playing or
// not, and how fast. Plain data and pure steps (no ImGui): the keys, the beat strip
// and the script commands all call these.
#pragma once

namespace am::ui {

inline constexpr float kMinBeatSpeed = 0.25f, kMaxBeatSpeed = 4.0f;

struct BeatPlayer {
  int chapter = -1;       // the chapter the beat belongs to (another chapter starts afresh)
  int index = -1;         // zero-based beat; -1: no beat (the finished machine)
  double progress = 1.0;  // 0 at the beat's start, 1 at its end state
  bool playing = false;
  float speed = 1.0f;  // kMinBeatSpeed .. kMaxBeatSpeed
  double hold = 0.0;   // reduced motion: how far through the beat's time (progress stays 1)
  bool operator==(const BeatPlayer&) const = default;
};

// Space: play from where it is (from the first beat when none is shown or the last has
// ended), or pause. `count` is the chapter's number of beats (0: nothing to play).
void toggle_beats(BeatPlayer& player, int count);
void play_beats(BeatPlayer& player, int count);
// One beat on or back, shown at its end state; playing stops.
void step_beat(BeatPlayer& player, int delta, int count);
// Beat `index` at its end state (clamped into the chapter's beats); playing stops.
void jump_to_beat(BeatPlayer& player, int index, int count);
// Moves the playing beat on by dt seconds at the player's speed; a beat lasts
// `beat_seconds` at 1x. Reduced motion: each beat is shown whole at once and held.
// Stops at the end of the last beat. True when anything changed.
bool advance_beats(BeatPlayer& player, int count, double beat_seconds, double dt_seconds,
                   bool reduced_motion);

// A recording's "the chapter's steps": frame `frame` of `frames` shows this moment of the
// chapter's `count` beats. Each beat takes an equal share of the clip, played from its start
// to its end state (held whole with reduced motion), and the last frame shows the last beat's
// end. Set on each frame, not advanced by the time between frames: the window's own frames,
// drawn between the recording's, run on another clock. Not playing (nothing advances it);
// the player's chapter and speed are kept.
BeatPlayer recorded_beat(const BeatPlayer& player, int chapter, int count, int frame, int frames,
                         bool reduced_motion);

}  // namespace am::ui

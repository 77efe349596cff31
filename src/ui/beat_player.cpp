#include "am/ui/beat_player.hpp"

#include <algorithm>
#include <cmath>

namespace am::ui {

void play_beats(BeatPlayer& p, int count) {
  if (count <= 0) return;
  const bool ended = p.index < 0 || p.index >= count || (p.index == count - 1 && p.progress >= 1.0);
  if (ended) {
    p.index = 0;
    p.progress = 0.0;
  } else if (p.progress >= 1.0) {  // paused at a beat's end: go on with the next
    ++p.index;
    p.progress = 0.0;
  }
  p.hold = 0.0;
  p.playing = true;
}

void toggle_beats(BeatPlayer& p, int count) {
  if (p.playing)
    p.playing = false;
  else
    play_beats(p, count);
}

void jump_to_beat(BeatPlayer& p, int index, int count) {
  p.playing = false;
  if (count <= 0) {
    p.index = -1;
    p.progress = 1.0;
    return;
  }
  p.index = std::clamp(index, 0, count - 1);
  p.progress = 1.0;
}

void step_beat(BeatPlayer& p, int delta, int count) {
  const int from = p.index < 0 ? (delta > 0 ? -1 : count) : p.index;
  jump_to_beat(p, from + delta, count);
}

bool advance_beats(BeatPlayer& p, int count, double beat_seconds, double dt_seconds, bool reduced_motion) {
  if (!p.playing) return false;
  if (count <= 0 || p.index >= count) {
    p.playing = false;
    return true;
  }
  // Reduced motion shows each beat's end state at once and holds it for the beat's time.
  const double rate = std::clamp(p.speed, kMinBeatSpeed, kMaxBeatSpeed) / std::max(beat_seconds, 0.05);
  double t = (reduced_motion ? p.hold : p.progress) + std::max(dt_seconds, 0.0) * rate;
  while (t >= 1.0 && p.index + 1 < count) {
    t -= 1.0;
    ++p.index;
  }
  if (t >= 1.0) {
    t = 1.0;
    p.playing = false;  // the last beat has ended
  }
  p.hold = reduced_motion ? t : 0.0;
  p.progress = reduced_motion ? 1.0 : t;
  return true;
}

BeatPlayer recorded_beat(const BeatPlayer& player, int chapter, int count, int frame, int frames,
                         bool reduced_motion) {
  BeatPlayer p = player;
  p.chapter = chapter;
  p.playing = false;
  p.hold = 0.0;
  if (count <= 0) {
    p.index = -1;
    p.progress = 1.0;
    return p;
  }
  // Beats played so far, 0 at the first frame and `count` at the last.
  const double share = frames > 1 ? std::clamp(static_cast<double>(frame) / (frames - 1), 0.0, 1.0) : 1.0;
  const double at = share * count;
  p.index = std::min(static_cast<int>(std::floor(at)), count - 1);
  const double through = std::clamp(at - p.index, 0.0, 1.0);
  p.progress = reduced_motion ? 1.0 : through;
  p.hold = reduced_motion ? through : 0.0;
  return p;
}

}  // namespace am::ui

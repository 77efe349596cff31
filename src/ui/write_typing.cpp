#include "am/ui/write_typing.hpp"

#include "am/ui/beat_player.hpp"
#include "am/ui/beats.hpp"

namespace am::ui {

void start_typing(AppState& state, std::string written) {
  state.typing = WriteTyping{.pending = std::move(written), .clock = 0.0, .into_text = true};
}

namespace {

// The character typed: the text grows by it and is read again; a chapter whose beats
// follow typing shows the beat of the newest character.
void type_one(AppState& state) {
  set_text(state, state.raw_text + state.typing.pending.front());
  state.own_text = true;
  state.typing.pending.erase(0, 1);
  const BeatScript* beats = chapter_beats(state.chapter);
  if (beats && beats->follows_typing) {
    state.beat.chapter = state.chapter;
    const int count = beat_count(state);
    jump_to_beat(state.beat, count - 1, count);
  }
}

}  // namespace

int advance_typing(AppState& state, double dt_seconds) {
  if (state.typing.pending.empty()) return 0;
  int typed = 0;
  if (state.settings.reduced_motion) {
    while (!state.typing.pending.empty()) type_one(state), ++typed;
    return typed;
  }
  const double interval = kSecondsPerTypedCharacter / static_cast<double>(state.beat.speed);
  state.typing.clock += dt_seconds;
  while (!state.typing.pending.empty() && state.typing.clock >= interval) {
    state.typing.clock -= interval;
    type_one(state);
    ++typed;
  }
  if (state.typing.pending.empty()) state.typing.clock = 0.0;
  return typed;
}

}  // namespace am::ui

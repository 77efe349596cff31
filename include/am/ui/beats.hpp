// A chapter's computation as a list of beats (data): each beat names the parts it
// happens in, a one- or two-sentence caption built from the live numbers, the numbers
// it shows (the dump's beat.numbers) and the machine's stage for it. One file per
// chapter in src/ui/beats/; chapters without beats have none.
#pragma once

#include <string>

#include "am/machine/beat_numbers.hpp"
#include "am/machine/beat_stage.hpp"
#include "am/ui/app_state.hpp"
#include "am/ui/chapter.hpp"

namespace am::ui {

struct Beat {
  FocusList focus;  // what the camera keeps in view and the caption sits beside (empty: the chapter's)
  std::optional<CameraPose> pose;  // where to look from, when the chapter's direction cannot see it
  std::string caption;
  machine::BeatNumbers numbers;
  machine::BeatStage stage;  // progress is the player's
};

struct BeatScript {
  double seconds = 3.0;                     // one beat's length at 1x
  int (*count)(const AppState&) = nullptr;  // how many beats, from the text and selection alone
  Beat (*at)(const ChapterContext&, int index) = nullptr;  // needs a pass (context.acts)
  bool follows_typing = false;  // Write's characters each show the last beat (the newest character's)
};

// The chapter's beats, or nullptr when it has none.
const BeatScript* chapter_beats(int chapter);
// How many beats the chapter now has (0 without beats or without text).
int beat_count(const AppState& state);
// The beat the player is on (nullopt: no beat, no pass, or no beats in this chapter).
std::optional<Beat> current_beat(const AppState& state, const ChapterContext& context);

}  // namespace am::ui

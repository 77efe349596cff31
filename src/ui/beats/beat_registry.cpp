#include "am/ui/beats.hpp"
#include "beat_common.hpp"

namespace am::ui {

const BeatScript* chapter_beats(int chapter) {
  switch (chapter) {
    case 0:
      return &beats::kCh00;
    case 1:
      return &beats::kCh01;
    case 2:
      return &beats::kCh02;
    case 3:
      return &beats::kCh03;
    case 4:
      return &beats::kCh04;
    case 5:
      return &beats::kCh05;
    case 7:
      return &beats::kCh07;
    case 10:
      return &beats::kCh10;
    default:
      return nullptr;
  }
}

int beat_count(const AppState& state) {
  const BeatScript* script = chapter_beats(state.chapter);
  return script && script->count ? script->count(state) : 0;
}

std::optional<Beat> current_beat(const AppState& state, const ChapterContext& context) {
  const BeatScript* script = chapter_beats(state.chapter);
  const BeatPlayer& p = state.beat;
  if (!script || p.chapter != state.chapter || p.index < 0 || !context.acts || context.acts->length() == 0)
    return std::nullopt;
  const int count = script->count(state);
  if (p.index >= count) return std::nullopt;
  Beat beat = script->at(context, p.index);
  beat.stage.progress = static_cast<float>(p.progress);
  return beat;
}

}  // namespace am::ui

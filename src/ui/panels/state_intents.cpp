// The one place the panels' intents change AppState (panels.hpp: StateIntents).
#include "am/ui/chapters.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/playback.hpp"
#include "am/ui/tracing_state.hpp"

namespace am::ui {

void apply_state_intents(AppState& state, const StateIntents& in, const ChapterContext& context,
                         const std::vector<std::int64_t>& steps) {
  if (in.settings) state.settings = *in.settings;
  if (in.toggle_presentation) state.presentation = !state.presentation;
  if (in.close_load_messages) state.load_dialog_open = false;
  // The chapter first: it sets its own text, step and lift, which the rest may then change.
  if (in.chapter)
    if (const Chapter* chapter = find_chapter(*in.chapter)) enter_chapter(state, *chapter, context, steps);
  if (in.predict) state.predict = *in.predict;
  if (in.ask_again) state.answers.erase(state.predict.chapter);
  if (in.use_example)
    if (const Chapter* chapter = find_chapter(state.chapter)) {
      set_text(state, std::string(chapter->default_text));
      state.own_text = false;
      clear_written(state);
    }
  if (in.text) {
    set_text(state, *in.text);
    state.own_text = true;
    clear_written(state);
  }
  if (in.pulled) state.pulled = *in.pulled;
  if (in.lift) select_head(state, in.lift->first, in.lift->second);
  if (in.step) {
    state.step = *in.step;
    state.playing = false;
  }
  if (in.toggle_playing) toggle_playback(state, steps);
  if (in.play_speed) state.play_speed = *in.play_speed;
  if (in.run) state.requested_run = *in.run;
  if (in.beat) state.beat = *in.beat;
  if (in.write) state.write = *in.write;
  if (in.hovered_part) state.tracing.hovered_part = *in.hovered_part;
  if (in.close_why) state.tracing.open = false;
  if (in.trace_target) set_tracing_target(state, *in.trace_target);
  if (in.corruption)
    if (auto ok = set_corruption(state, *in.corruption); !ok) set_status(state, ok.error(), true);
}

}  // namespace am::ui

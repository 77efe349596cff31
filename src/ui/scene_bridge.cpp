#include "am/ui/scene_bridge.hpp"

#include "am/ui/chapters.hpp"

namespace am::ui {

ChapterStage current_stage(const AppState& state, const ChapterContext& context) {
  ChapterStage stage;
  if (const Chapter* chapter = find_chapter(state.chapter)) stage = chapter->stage_for(context);
  stage.view.reduced_motion = stage.view.reduced_motion || state.settings.reduced_motion;
  return stage;
}

machine::SceneInput make_scene_input(const AppState& state, const ChapterContext& context,
                                     double time_seconds) {
  machine::SceneInput in;
  in.acts = context.acts;
  in.intact = context.intact;
  in.text = read_text(state);
  in.selected_position = state.selected_position;
  in.selected_layer = state.selected_layer;
  in.selected_head = state.selected_head;
  in.pulled = state.pulled;
  in.view = current_stage(state, context).view;
  in.view.hide_probabilities = probabilities_hidden(state);
  if (context.training) in.training = training_track(*context.training, state.step);
  in.time_seconds = time_seconds;
  return in;
}

}  // namespace am::ui

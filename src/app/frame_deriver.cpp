#include "frame_deriver.hpp"

#include <utility>

#include "am/ui/scene_bridge.hpp"
#include "am/ui/tracing_state.hpp"

namespace am::app {

void FrameDeriver::derive(const ui::AppState& state, engine::RunShelf& shelf, ui::ChapterContext base,
                          bool headless) {
  const std::size_t index = shelf.shown().nearest_index(state.step);
  shelf.cache().request(ui::read_ids(state), state.pulled, index);
  pass_ = shelf.cache().get(index);
  accuracy_.update(shelf, state.step, index, state.pulled, headless);
  ctx_ = with_pass(std::move(base), state);
  // Issue 22: why this character? Recomputed only when the pass or the question changed.
  tracing_ = ctx_.weights && ctx_.acts ? &tracing_cache_.update(*ctx_.weights, *ctx_.acts, state) : nullptr;
  ctx_.tracing = tracing_;  // chapter 12's words
  beat_ = ui::current_beat(state, ctx_);
}

ui::ChapterContext FrameDeriver::with_pass(ui::ChapterContext base, const ui::AppState& state) const {
  if (pass_) {
    base.acts = &pass_->acts;
    base.intact = pass_->has_intact ? &pass_->intact : nullptr;
  }
  if (state.pulled.any()) base.live_accuracy = accuracy_.value();
  return base;
}

machine::SceneInput FrameDeriver::scene_input(const ui::AppState& state, double clock) const {
  machine::SceneInput input = ui::make_scene_input(state, ctx_, clock);
  if (beat_) {
    input.beat = beat_->stage;
    // A character arriving through the cache is the query of its own row.
    if (beat_->stage.op == machine::BeatOp::kCacheRow) input.selected_position = beat_->stage.count - 1;
  }
  if (tracing_) input.tracing = ui::tracing_overlay(*tracing_, state);
  return input;
}

void FrameDeriver::reset() {
  pass_.reset();
  accuracy_.reset();
}

}  // namespace am::app

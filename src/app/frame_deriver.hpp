// What this frame shows, derived from the state alone (UiSession::frame derives at the
// frame's start, and again when the panels changed the state): the pass of the text at
// the checkpoint on show, the pulled heads' accuracy there, the chapter's context, the
// traced answer and the beat, and from them the machine's input. The panels, the machine
// and the state dump read these; nothing else writes them.
#pragma once

#include <memory>
#include <optional>

#include "am/engine/checkpoint_cache.hpp"
#include "am/engine/pulled_accuracy.hpp"
#include "am/engine/run_shelf.hpp"
#include "am/machine/scene.hpp"
#include "am/ui/app_state.hpp"
#include "am/ui/beats.hpp"
#include "am/ui/chapter.hpp"
#include "am/ui/tracing_state.hpp"

namespace am::app {

class FrameDeriver {
 public:
  // `base`: the chapter's context without a pass (the engine's weights and analysis, the
  // runs). Asks the run's cache for the text's passes around the step and takes this one
  // (computed at once when it is not cached). Headless, the accuracy is measured at once.
  void derive(const ui::AppState& state, engine::RunShelf& shelf, ui::ChapterContext base, bool headless);
  // The machine's input from what derive found; `clock` moves the beads.
  machine::SceneInput scene_input(const ui::AppState& state, double clock) const;
  // `base` with this frame's pass and accuracy (entering a chapter reads it).
  ui::ChapterContext with_pass(ui::ChapterContext base, const ui::AppState& state) const;
  void reset();  // the run on show changed: its passes and accuracy go

  const std::shared_ptr<const engine::CachedPass>& pass() const { return pass_; }  // outlives the input
  const ui::ChapterContext& context() const { return ctx_; }
  std::optional<double> accuracy() const { return accuracy_.value(); }
  const analysis::Tracing* tracing() const { return tracing_; }  // null when nothing is traced
  const std::optional<ui::Beat>& beat() const { return beat_; }  // none: no beat chosen, or none here

 private:
  std::shared_ptr<const engine::CachedPass> pass_;
  engine::PulledAccuracy accuracy_;  // with the pulled heads, at the checkpoint on show
  ui::ChapterContext ctx_;
  ui::TracingCache tracing_cache_;  // attribution and patching of the pass on show
  const analysis::Tracing* tracing_ = nullptr;
  std::optional<ui::Beat> beat_;
};

}  // namespace am::app

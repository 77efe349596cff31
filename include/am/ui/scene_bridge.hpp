// From the UI's state to the machine's input: what the window hands machine::build_scene
// each frame. Pure, so the mapping (chapter view, reduced motion, selection, the drum's
// track) is tested without a window.
#pragma once

#include "am/machine/scene.hpp"
#include "am/ui/chapter.hpp"

namespace am::ui {

// The current chapter's stage, with the user's settings applied (reduced motion).
ChapterStage current_stage(const AppState& state, const ChapterContext& context);

// The machine's input for this frame. `context.acts` / `intact` are the passes to draw
// (they must outlive the returned struct); the text is what the model reads.
machine::SceneInput make_scene_input(const AppState& state, const ChapterContext& context, double time_seconds);

}  // namespace am::ui

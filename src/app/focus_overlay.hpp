// The chapter's focus seen through the camera: its projected rectangle and the
// callouts on its parts, drawn over the 3D view with ImGui's background draw list
// (under every panel). What it placed is kept for --dump-state.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "am/machine/scene.hpp"
#include "am/render/camera.hpp"
#include "am/ui/callouts.hpp"
#include "am/ui/chapter.hpp"
#include "am/ui/viewport.hpp"

namespace am::app {

struct FocusFacts {
  std::optional<ui::ScreenRect> focus;     // the focus parts' projected bounds, window pixels
  std::vector<std::string> parts;          // their names
  std::vector<ui::ScreenRect> callouts;    // each drawn callout's box
  std::vector<std::string> callout_texts;
};

// Projects the focus, places and draws its callouts. `label_px` is the callouts' text size.
FocusFacts draw_focus_overlay(const ui::FocusList& focus, const machine::Scene& scene,
                              const machine::SceneInput& input, const ui::AppState& state,
                              const render::OrbitCamera& camera, const ui::ViewportRect& viewport, float label_px,
                              bool callouts = true);  // false: a beat's caption and notes speak instead

}  // namespace am::app

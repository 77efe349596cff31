// The machine's engraved labels again in screen space, at a readable size (issue 21):
// ui::choose_screen_labels picks which and where; this draws them with ImGui on the
// background draw list (under every panel) and says what it drew, for the state dump.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "am/render/camera.hpp"
#include "am/render/draw_list.hpp"
#include "am/ui/callouts.hpp"
#include "am/ui/viewport.hpp"

namespace am::app {

struct DrawnScreenLabel {
  std::string text;
  ui::ScreenRect box;  // window pixels, padding included
  float px = 0.0f;     // text size
};

// `keep_clear`: the callouts, the beat's card and its notes, drawn already.
std::vector<DrawnScreenLabel> draw_screen_labels(std::span<const render::Label> labels,
                                                 const render::OrbitCamera& camera,
                                                 const ui::ViewportRect& viewport, float label_px,
                                                 std::span<const ui::ScreenRect> keep_clear);

}  // namespace am::app

// The panels' side of the session: each panel's own state between frames, what the panels
// chose this frame (applied at the start of the next, in one place: UiSession's
// apply_actions), what they drew (the layout, the drum's words, the inspector, the text
// that did not fit) for the state dump, and the window's font and settings folder.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "am/ui/frame_layout.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/training_panel.hpp"

namespace am::app {

struct PanelHost {
  ui::TextInputPanelState text;
  ui::ChapterPanelState chapter;
  ui::WhyPanelState why;  // issue 22: the corrupted text being typed
  ui::TrainingPanelState training;
  ui::PanelActions actions;  // chosen in the panels, applied at the next frame's start
  ui::TrainingActions training_actions;
  ui::FrameLayout layout;
  std::pair<std::string, std::string> drum_text;  // the drum's slider label and progress note, last frame
  ui::InspectorView inspector;                    // what the inspector showed last frame
  std::vector<std::string> clipped_text;          // what did not fit its panel last frame
  float monitor_scale = 1.0f;
  std::optional<std::filesystem::path> config_dir;  // where settings.json and the layout go (none headless)
};

}  // namespace am::app

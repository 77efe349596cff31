// The "Next character" panel: type text, see the top-5 next characters live.
#pragma once

#include <array>
#include <string>

#include "am/model/weights.hpp"
#include "machine_view.hpp"

namespace am::app {

struct PredictionPanel {
  std::array<char, 512> buffer{};

  void set_text(const std::string& text);
  // Draws the panel; returns true when the user changed the text (the caller re-runs the model).
  bool draw(const Weights& weights, const std::string& checkpoint_file, const MachineView& view);
};

}  // namespace am::app

#include "panel_layout.hpp"

#include <imgui.h>

#include <algorithm>

namespace am::app {
namespace {

void place(const char* name, float x, float y, float w, float h) {
  ImGui::SetWindowPos(name, ImVec2(x, y), ImGuiCond_Always);
  ImGui::SetWindowSize(name, ImVec2(w, h), ImGuiCond_Always);
}

}  // namespace

void fit_panels_to_display(float width, float height) {
  const float line = ImGui::GetFrameHeightWithSpacing();
  const float bottom = height - line;  // the status line
  const float left = std::clamp(0.28f * width, 250.0f, 440.0f);
  const float right = std::clamp(0.33f * width, 316.0f, 400.0f);
  const float middle = std::max(width - left - right, 200.0f);
  const float pad = 4.0f;

  // Left: the chapter list (one line per chapter, plus the buttons) and the chapter's words.
  const float chapters_h = std::min(14.0f * ImGui::GetTextLineHeightWithSpacing() + 2.0f * line, 0.40f * bottom);
  place("Chapters", pad, pad, left - 2 * pad, chapters_h);
  place("###chapter", pad, chapters_h + 2 * pad, left - 2 * pad, bottom - chapters_h - 3 * pad);

  // Middle: the text on top, the drum at the bottom, the machine between them.
  const float text_h = std::min(5.0f * line, 0.2f * bottom);
  place("Text", left + pad, pad, middle - 2 * pad, text_h);
  const float drum_h = std::min(0.34f * bottom, 260.0f);
  place("Training drum", left + pad, bottom - drum_h - pad, middle - 2 * pad, drum_h);

  // Right: predictions, the inspector and the rack.
  const float x = width - right + pad, w = right - 2 * pad;
  const float predictions_h = std::min(7.0f * line, 0.28f * bottom);
  const float inspector_h = std::min(5.5f * line, 0.22f * bottom);
  place("Next character", x, pad, w, predictions_h);
  place("Inspector", x, predictions_h + 2 * pad, w, inspector_h);
  const float rack_y = predictions_h + inspector_h + 3 * pad;
  place("Rack of heads", x, rack_y, w, bottom - rack_y - pad);

  // Dialogs in the middle.
  place("Settings", left + pad, text_h + 2 * pad, std::min(middle - 2 * pad, 360.0f), std::min(360.0f, 0.6f * bottom));
  place("Help", left + pad, text_h + 2 * pad, std::min(middle - 2 * pad, 440.0f), std::min(360.0f, 0.6f * bottom));
}

}  // namespace am::app

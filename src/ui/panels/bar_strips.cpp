// A collapsed bar leaves a thin strip with one button that opens it again, so no
// part of the frame can be lost (the View menu lives in the narrative column).
#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

bool strip(const char* id, const PanelRect& r, ImGuiDir arrow, const char* tooltip) {
  ImGui::SetNextWindowPos(ImVec2(static_cast<float>(r.x), static_cast<float>(r.y)), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(static_cast<float>(r.w), static_cast<float>(r.h)), ImGuiCond_Always);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(3.0f, 3.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  bool clicked = false;
  if (ImGui::Begin(id, nullptr,
                   ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                       ImGuiWindowFlags_NoBringToFrontOnFocus)) {
    clicked = ImGui::ArrowButton("##open", arrow);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
  return clicked;
}

}  // namespace

void draw_bar_strips(AppState& state, const FrameLayout& layout, PanelActions& actions) {
  if (layout.presentation) return;
  PanelVisibility& p = state.settings.panels;
  if (!layout.left_open && !layout.left.empty() && strip("##left strip", layout.left, ImGuiDir_Right, "Show the chapter column")) {
    p.left_bar = true;
    actions.settings_changed = true;
  }
  if (!layout.right_open && !layout.right.empty() &&
      strip("##right strip", layout.right, ImGuiDir_Left, "Show the readings column")) {
    p.right_bar = true;
    actions.settings_changed = true;
  }
  if (!layout.bottom_open && !layout.bottom.empty() &&
      strip("##bottom strip", layout.bottom, ImGuiDir_Up, "Show the text and the drum")) {
    p.bottom_bar = true;
    actions.settings_changed = true;
  }
}

}  // namespace am::ui

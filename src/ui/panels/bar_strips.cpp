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
                   ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                       ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus)) {
    clicked = ImGui::ArrowButton("##open", arrow);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
  return clicked;
}

}  // namespace

void draw_bar_strips(const AppState& state, const FrameLayout& layout, PanelActions& actions) {
  if (layout.presentation) return;
  Settings shown = actions.state.settings_from(state);
  PanelVisibility& p = shown.panels;
  if (!layout.left_open && !layout.left.empty() &&
      strip("##left strip", layout.left, ImGuiDir_Right, "Show the chapter column"))
    p.left_bar = true;
  if (!layout.right_open && !layout.right.empty() &&
      strip("##right strip", layout.right, ImGuiDir_Left, "Show the readings column"))
    p.right_bar = true;
  if (!layout.bottom_open && !layout.bottom.empty() &&
      strip("##bottom strip", layout.bottom, ImGuiDir_Up, "Show the text and the drum"))
    p.bottom_bar = true;
  if (actions.state.ask_settings(state, shown)) actions.settings_changed = true;
}

void draw_presentation_hint(const FrameLayout& layout, float alpha) {
  if (alpha <= 0.0f || layout.viewport.empty()) return;
  const char* text = "Presentation: F11 brings the panels back";
  const ImVec2 size = ImGui::CalcTextSize(text);
  const ImVec2 at(
      static_cast<float>(layout.viewport.x) + 0.5f * (static_cast<float>(layout.viewport.w) - size.x),
      static_cast<float>(layout.viewport.y) + size.y);
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  const float pad = 0.5f * size.y;
  draw->AddRectFilled(ImVec2(at.x - pad, at.y - pad), ImVec2(at.x + size.x + pad, at.y + size.y + pad),
                      IM_COL32(20, 16, 12, static_cast<int>(200.0f * alpha)), pad);
  draw->AddText(at, IM_COL32(235, 220, 190, static_cast<int>(255.0f * alpha)), text);
}

}  // namespace am::ui

// The numbers behind whatever part of the machine is hovered or selected.
#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

void draw_inspector(const AppState& state, const InspectorView& view, StateIntents& intents) {
  if (!state.settings.panels.inspector) return;
  if (!widgets::begin_shown_panel("Inspector", &PanelVisibility::inspector, state, intents,
                                  ImVec2(0.72f, 0.32f), ImVec2(320, 220))) {
    ImGui::End();
    return;
  }
  if (view.hovered.empty() && view.selected.empty()) {
    widgets::text_wrapped_whole("Hover over any part of the machine to read its numbers; click to keep them here.", true);
    ImGui::End();
    return;
  }
  if (!view.hovered.empty()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(widgets::colour_accent()), "Under the cursor");
    widgets::text_wrapped_whole(view.hovered);
  }
  if (!view.selected.empty() && view.selected != view.hovered) {
    if (!view.hovered.empty()) ImGui::Separator();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(widgets::colour_accent()), "Selected");
    widgets::text_wrapped_whole(view.selected);
  }
  ImGui::End();
}

}  // namespace am::ui

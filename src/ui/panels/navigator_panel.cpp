// Chapter navigator: the list, previous/next (also the arrow keys).
#include "am/ui/chapters.hpp"
#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

void draw_navigator(AppState& state, const ChapterContext& context, const std::vector<std::int64_t>& steps,
                    PanelActions& actions) {
  if (!state.settings.panels.navigator) return;
  const bool was_open = state.settings.panels.navigator;
  if (!widgets::begin_panel("Chapters", &state.settings.panels.navigator, ImVec2(0.01f, 0.02f), ImVec2(260, 330))) {
    ImGui::End();
    return;
  }
  const auto& chapters = all_chapters();
  int target = -1;
  for (const Chapter& c : chapters) {
    const std::string label = std::to_string(c.number) + "  " + std::string(c.title);
    if (ImGui::Selectable(label.c_str(), c.number == state.chapter)) target = c.number;
  }
  ImGui::Separator();
  ImGui::BeginDisabled(state.chapter <= 0);
  if (ImGui::ArrowButton("##previous", ImGuiDir_Left)) target = state.chapter - 1;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(state.chapter >= kChapterCount - 1);
  if (ImGui::ArrowButton("##next", ImGuiDir_Right)) target = state.chapter + 1;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled("or the arrow keys");
  if (target >= 0 && target != state.chapter) {
    if (const Chapter* chapter = find_chapter(target)) {
      enter_chapter(state, *chapter, context, steps);
      actions.chapter_changed = true;
    }
  }
  ImGui::End();
  if (was_open != state.settings.panels.navigator) actions.settings_changed = true;
}

}  // namespace am::ui

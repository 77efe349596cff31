// The head of the narrative column: ◀ the chapter's title ▶ (the title opens the
// chapter menu; the arrow keys do the same), and the View menu that opens or
// collapses the frame's bars, presentation mode and the dialogs.
#include <string>

#include "am/ui/chapters.hpp"
#include "am/ui/keep_panels.hpp"
#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

void view_menu(const AppState& state, PanelActions& actions) {
  if (!ImGui::BeginPopup("view_menu")) return;
  Settings shown = actions.state.settings_from(state);
  PanelVisibility& p = shown.panels;
  ImGui::MenuItem("Chapter column", nullptr, &p.left_bar);
  ImGui::MenuItem("Readings column", nullptr, &p.right_bar);
  ImGui::MenuItem("Text and drum bar", nullptr, &p.bottom_bar);
  ImGui::Separator();
  if (ImGui::MenuItem("Presentation", "F11", state.presentation)) actions.state.toggle_presentation = true;
  ImGui::MenuItem("Settings", "F2", &p.settings);
  ImGui::MenuItem("Help", "F1", &p.help);
  draw_keep_menu_items(actions);
  ImGui::EndPopup();
  if (actions.state.ask_settings(state, shown)) actions.settings_changed = true;
}

}  // namespace

void draw_navigator(const AppState& state, PanelActions& actions) {
  if (!state.settings.panels.navigator) return;
  if (!widgets::begin_shown_panel("Chapters", &PanelVisibility::navigator, state, actions.state,
                                  ImVec2(0.01f, 0.02f), ImVec2(320, 60), ImGuiWindowFlags_NoScrollbar)) {
    ImGui::End();
    return;
  }
  int target = -1;
  ImGui::BeginDisabled(state.chapter <= 0);
  if (ImGui::ArrowButton("##previous", ImGuiDir_Left)) target = state.chapter - 1;
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Previous chapter (Left arrow)");
  ImGui::SameLine(0.0f, 4.0f);
  const Chapter* current = find_chapter(state.chapter);
  const std::string title =
      current ? std::to_string(current->number) + "  " + std::string(current->title) : std::string("Chapters");
  const ImGuiStyle& style = ImGui::GetStyle();
  const float view_w = ImGui::CalcTextSize("View").x + 2.0f * style.FramePadding.x;
  const float arrow_w = ImGui::GetFrameHeight();
  const float title_w = std::max(ImGui::GetContentRegionAvail().x - arrow_w - view_w - 12.0f, 40.0f);
  // A title too long for the button is never cut: the button says "Chapter N" and the
  // chapter column starts with the whole title, wrapped (chapter_panel.cpp).
  std::string shown = title;
  const float room = title_w - 2.0f * style.FramePadding.x;
  if (current && ImGui::CalcTextSize(title.c_str()).x > room) shown = "Chapter " + std::to_string(current->number);
  if (ImGui::CalcTextSize(shown.c_str()).x > room) report_clipped("chapter button \u201c" + shown + "\u201d");
  if (ImGui::Button((shown + "###chapter_menu_button").c_str(), ImVec2(title_w, 0.0f))) ImGui::OpenPopup("chapter_menu");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", (title + "\nClick for the list of chapters").c_str());
  if (ImGui::BeginPopup("chapter_menu")) {
    for (const Chapter& c : all_chapters()) {
      const std::string label = std::to_string(c.number) + "  " + std::string(c.title);
      if (ImGui::Selectable(label.c_str(), c.number == state.chapter)) target = c.number;
    }
    ImGui::EndPopup();
  }
  ImGui::SameLine(0.0f, 4.0f);
  ImGui::BeginDisabled(state.chapter >= kChapterCount - 1);
  if (ImGui::ArrowButton("##next", ImGuiDir_Right)) target = state.chapter + 1;
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Next chapter (Right arrow)");
  ImGui::SameLine(0.0f, 4.0f);
  if (ImGui::Button("View")) ImGui::OpenPopup("view_menu");
  view_menu(state, actions);
  if (target >= 0 && target != state.chapter && find_chapter(target)) {
    actions.state.chapter = target;
  }
  ImGui::End();
}

}  // namespace am::ui

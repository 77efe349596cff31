// F1 help: every shortcut from the one list, the mouse, and the glossary.
#include "am/ui/glossary.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/shortcuts.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

void draw_help(const AppState& state, StateIntents& intents) {
  if (!state.settings.panels.help) return;
  if (!widgets::begin_shown_panel("Help", &PanelVisibility::help, state, intents, ImVec2(0.33f, 0.20f),
                                  ImVec2(420, 330))) {
    ImGui::End();
    return;
  }
  if (ImGui::BeginTable("shortcuts", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("what it does");
    for (const Shortcut& s : all_shortcuts()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(s.keys.data(), s.keys.data() + s.keys.size());
      ImGui::TableNextColumn();
      widgets::text_wrapped_whole(std::string(s.description));  // the column is as wide as the window leaves
    }
    ImGui::EndTable();
  }
  ImGui::Separator();
  ImGui::TextWrapped("Mouse: drag to turn the machine, drag with the right button to move it, scroll to zoom. Hover "
                     "over any part to read its numbers; click a slug to make it the query, a plate to lift it, a "
                     "head in the rack to pull it out.");
  // The glossary: the same sentences the chapter text shows on hover.
  if (ImGui::CollapsingHeader("Words used in the chapters", ImGuiTreeNodeFlags_DefaultOpen)) {
    for (const GlossaryEntry& e : glossary()) {
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(widgets::colour_accent()), "%.*s", static_cast<int>(e.term.size()),
                         e.term.data());
      ImGui::Indent();
      widgets::text_wrapped_whole(std::string(e.sentence));
      ImGui::Unindent();
    }
  }
  ImGui::End();
}

}  // namespace am::ui

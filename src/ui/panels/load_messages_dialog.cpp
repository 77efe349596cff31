// A dialog listing what loading left out (a truncated checkpoint, a malformed manifest or
// analysis) and why: the app runs on without them, and the learner should know.
#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

void draw_load_messages(const AppState& state, StateIntents& intents) {
  if (!state.load_dialog_open || state.load_messages.empty()) return;
  bool open = true;
  if (!widgets::begin_panel("Some files could not be used", &open, ImVec2(0.30f, 0.30f), ImVec2(520, 220))) {
    ImGui::End();
    intents.close_load_messages = !open;
    return;
  }
  ImGui::TextWrapped("The machine runs on without these:");
  for (const std::string& m : state.load_messages) ImGui::BulletText("%s", m.c_str());
  if (ImGui::Button("OK") || !open) intents.close_load_messages = true;
  ImGui::End();
}

}  // namespace am::ui

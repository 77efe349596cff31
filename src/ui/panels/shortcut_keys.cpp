// The keys behind all_shortcuts(). ImGui 1.86 has no F-keys in ImGuiKey, so those
// are read through io.KeysDown with GLFW's key codes (the backend fills it that way).
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "am/ui/chapters.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/playback.hpp"
#include "am/ui/shortcuts.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

bool pressed_imgui(ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), false); }
bool pressed_glfw(int key) { return ImGui::IsKeyPressed(key, false); }

bool action_pressed(ShortcutAction action) {
  const ImGuiIO& io = ImGui::GetIO();
  switch (action) {
    case ShortcutAction::kPreviousChapter: return pressed_imgui(ImGuiKey_LeftArrow);
    case ShortcutAction::kNextChapter: return pressed_imgui(ImGuiKey_RightArrow);
    case ShortcutAction::kPlayPause: return pressed_imgui(ImGuiKey_Space);
    case ShortcutAction::kPreviousHead: return pressed_imgui(ImGuiKey_UpArrow);
    case ShortcutAction::kNextHead: return pressed_imgui(ImGuiKey_DownArrow);
    case ShortcutAction::kResetCamera: return pressed_imgui(ImGuiKey_Home);
    case ShortcutAction::kToggleSettings: return pressed_glfw(GLFW_KEY_F2);
    case ShortcutAction::kToggleHelp: return pressed_glfw(GLFW_KEY_F1);
    case ShortcutAction::kScreenshot: return pressed_glfw(GLFW_KEY_F12) || (io.KeyCtrl && pressed_glfw(GLFW_KEY_S));
  }
  return false;
}

void go_to_chapter(AppState& state, int number, const ChapterContext& context, const std::vector<std::int64_t>& steps,
                   PanelActions& actions) {
  if (const Chapter* chapter = find_chapter(number)) {
    enter_chapter(state, *chapter, context, steps);
    actions.chapter_changed = true;
  }
}

void cycle_head(AppState& state, int delta, PanelActions& actions) {
  const int total = kLayers * kHeads;
  const int index = ((state.selected_layer * kHeads + state.selected_head) + delta + total) % total;
  select_head(state, index / kHeads, index % kHeads);
  actions.heads_changed = true;
}

}  // namespace

void handle_shortcuts(AppState& state, const ChapterContext& context, const std::vector<std::int64_t>& steps,
                      PanelActions& actions) {
  // Typing in the text box must not turn chapters or play the drum.
  if (ImGui::GetIO().WantTextInput) return;
  for (const Shortcut& s : all_shortcuts()) {
    if (!action_pressed(s.action)) continue;
    switch (s.action) {
      case ShortcutAction::kPreviousChapter:
        if (state.chapter > 0) go_to_chapter(state, state.chapter - 1, context, steps, actions);
        break;
      case ShortcutAction::kNextChapter:
        if (state.chapter + 1 < kChapterCount) go_to_chapter(state, state.chapter + 1, context, steps, actions);
        break;
      case ShortcutAction::kPlayPause:
        toggle_playback(state, steps);
        actions.step_changed = true;
        break;
      case ShortcutAction::kPreviousHead: cycle_head(state, -1, actions); break;
      case ShortcutAction::kNextHead: cycle_head(state, +1, actions); break;
      case ShortcutAction::kResetCamera: actions.reset_camera = true; break;
      case ShortcutAction::kToggleSettings:
        state.settings.panels.settings = !state.settings.panels.settings;
        actions.settings_changed = true;
        break;
      case ShortcutAction::kToggleHelp:
        state.settings.panels.help = !state.settings.panels.help;
        actions.settings_changed = true;
        break;
      case ShortcutAction::kScreenshot: actions.screenshot = true; break;
    }
  }
}

}  // namespace am::ui

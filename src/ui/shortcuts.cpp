#include "am/ui/shortcuts.hpp"

#include "am/ui/input_events.hpp"

namespace am::ui {

const std::vector<Shortcut>& all_shortcuts() {
  static const std::vector<Shortcut> shortcuts = {
      {ShortcutAction::kPreviousChapter, "Left arrow", "previous chapter"},
      {ShortcutAction::kNextChapter, "Right arrow", "next chapter"},
      {ShortcutAction::kPlayPause, "Space", "play or pause training on the drum"},
      {ShortcutAction::kPreviousHead, "Up arrow", "lift the previous head plate"},
      {ShortcutAction::kNextHead, "Down arrow", "lift the next head plate"},
      {ShortcutAction::kResetCamera, "Home", "camera back to the chapter's view"},
      {ShortcutAction::kToggleSettings, "F2", "show or hide the settings"},
      {ShortcutAction::kToggleHelp, "F1", "show or hide this help"},
      {ShortcutAction::kTogglePresentation, "F11", "presentation: hide every panel, or bring them back"},
      {ShortcutAction::kScreenshot, "F12 or Ctrl+S", "save a screenshot (PNG)"},
  };
  return shortcuts;
}

std::optional<ShortcutAction> shortcut_for(int key, int mods) {
  const bool plain = (mods & (keys::kModControl | keys::kModAlt | keys::kModSuper)) == 0;
  if (key == 'S' && (mods & keys::kModControl) != 0) return ShortcutAction::kScreenshot;
  if (!plain) return std::nullopt;  // Ctrl+Right and the like belong to the text box
  switch (key) {
    case keys::kLeft: return ShortcutAction::kPreviousChapter;
    case keys::kRight: return ShortcutAction::kNextChapter;
    case keys::kSpace: return ShortcutAction::kPlayPause;
    case keys::kUp: return ShortcutAction::kPreviousHead;
    case keys::kDown: return ShortcutAction::kNextHead;
    case keys::kHome: return ShortcutAction::kResetCamera;
    case keys::kF1: return ShortcutAction::kToggleHelp;
    case keys::kF1 + 1: return ShortcutAction::kToggleSettings;
    case keys::kF1 + 10: return ShortcutAction::kTogglePresentation;
    case keys::kF12: return ShortcutAction::kScreenshot;
    default: return std::nullopt;
  }
}

}  // namespace am::ui

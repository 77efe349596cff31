#include "am/ui/shortcuts.hpp"

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
      {ShortcutAction::kScreenshot, "F12 or Ctrl+S", "save a screenshot (PNG)"},
  };
  return shortcuts;
}

}  // namespace am::ui

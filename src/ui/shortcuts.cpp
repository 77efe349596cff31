#include "am/ui/shortcuts.hpp"

#include "am/ui/input_events.hpp"

namespace am::ui {

const std::vector<Shortcut>& all_shortcuts() {
  static const std::vector<Shortcut> shortcuts = {
      {ShortcutAction::kPreviousChapter, "Left arrow", "previous chapter"},
      {ShortcutAction::kNextChapter, "Right arrow", "next chapter"},
      {ShortcutAction::kPlayBeats, "Space", "watch the chapter compute: play or pause its beats"},
      {ShortcutAction::kNextBeat, "Down arrow or .", "the next beat (its end state)"},
      {ShortcutAction::kPreviousBeat, "Up arrow or ,", "the beat before"},
      {ShortcutAction::kPlayPause, "P", "play or pause training on the drum"},
      {ShortcutAction::kPreviousHead, "[", "lift the previous head plate"},
      {ShortcutAction::kNextHead, "]", "lift the next head plate"},
      {ShortcutAction::kResetCamera, "Home", "camera back to the chapter's view"},
      {ShortcutAction::kToggleSettings, "F2", "show or hide the settings"},
      {ShortcutAction::kToggleHelp, "F1", "show or hide this help"},
      {ShortcutAction::kTogglePresentation, "F11", "presentation: hide every panel, or bring them back"},
      {ShortcutAction::kScreenshot, "F12", "save a screenshot of the window (PNG)"},
      {ShortcutAction::kMachineScreenshot, "Shift+F12", "save a picture of the machine alone, twice as big (PNG)"},
      {ShortcutAction::kSaveView, "Ctrl+S", "save this view (chapter, text, step, heads, camera) to a file"},
      {ShortcutAction::kOpenView, "Ctrl+O", "open a saved view or a lesson (or drop the file on the window)"},
      {ShortcutAction::kNextLessonView, "Page Down", "the lesson's next view"},
      {ShortcutAction::kPreviousLessonView, "Page Up", "the lesson's previous view"},
      {ShortcutAction::kQuit, "Ctrl+Q", "quit (the next start reopens this view)"},
  };
  return shortcuts;
}

std::optional<ShortcutAction> shortcut_for(int key, int mods) {
  const bool plain = (mods & (keys::kModControl | keys::kModAlt | keys::kModSuper)) == 0;
  if ((mods & keys::kModControl) != 0 && (mods & (keys::kModAlt | keys::kModSuper)) == 0) {
    if (key == 'S') return ShortcutAction::kSaveView;
    if (key == 'O') return ShortcutAction::kOpenView;
    if (key == 'Q') return ShortcutAction::kQuit;
  }
  if (!plain) return std::nullopt;  // Ctrl+Right and the like belong to the text box
  switch (key) {
    case keys::kLeft: return ShortcutAction::kPreviousChapter;
    case keys::kRight: return ShortcutAction::kNextChapter;
    case keys::kSpace: return ShortcutAction::kPlayBeats;
    case keys::kDown:
    case keys::kPeriod: return ShortcutAction::kNextBeat;
    case keys::kUp:
    case keys::kComma: return ShortcutAction::kPreviousBeat;
    case 'P': return ShortcutAction::kPlayPause;
    case keys::kLeftBracket: return ShortcutAction::kPreviousHead;
    case keys::kRightBracket: return ShortcutAction::kNextHead;
    case keys::kHome: return ShortcutAction::kResetCamera;
    case keys::kF1: return ShortcutAction::kToggleHelp;
    case keys::kF1 + 1: return ShortcutAction::kToggleSettings;
    case keys::kF1 + 10: return ShortcutAction::kTogglePresentation;
    case keys::kF12:
      return (mods & keys::kModShift) != 0 ? ShortcutAction::kMachineScreenshot : ShortcutAction::kScreenshot;
    case keys::kPageDown: return ShortcutAction::kNextLessonView;
    case keys::kPageUp: return ShortcutAction::kPreviousLessonView;
    default: return std::nullopt;
  }
}

}  // namespace am::ui

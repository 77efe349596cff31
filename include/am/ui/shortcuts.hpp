// Every keyboard shortcut, in one list: the F1 help shows it and the window's
// key handling is tested against it.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace am::ui {

enum class ShortcutAction {
  kPreviousChapter, kNextChapter, kPlayPause, kToggleHelp, kScreenshot, kResetCamera,
  kToggleSettings, kNextHead, kPreviousHead, kTogglePresentation,
  kSaveView, kOpenView, kMachineScreenshot, kQuit, kNextLessonView, kPreviousLessonView,
  kPlayBeats, kNextBeat, kPreviousBeat,  // the chapter's computation, beat by beat
};

struct Shortcut {
  ShortcutAction action;
  std::string_view keys;         // as shown to the user, e.g. "Left arrow"
  std::string_view description;
};

const std::vector<Shortcut>& all_shortcuts();

// The shortcut a key press (GLFW key code and modifier bits, see input_events.hpp) stands for.
std::optional<ShortcutAction> shortcut_for(int key, int mods);

}  // namespace am::ui

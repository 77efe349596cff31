// What the session keeps for saving and sharing (issue 23): the lesson being shown and where
// in it the learner is, the file, lesson and record panels' own state, a desktop file
// dialog running as a child process and what it was asked for, and whether the window is
// recording (a recording's frames take no input and hide the dialog recording them).
// UiSession's session_keep.cpp and session_views.cpp act on it.
#pragma once

#include <cstddef>
#include <memory>

#include "am/store/lesson_file.hpp"
#include "am/ui/keep_panels.hpp"
#include "desktop_file_dialog.hpp"

namespace am::app {

struct KeepDesk {
  store::Lesson lesson;
  std::size_t lesson_at = 0;
  int lesson_chapter = -1;  // the chapter the lesson's view was shown in (its caption ends when it changes)
  ui::FileDialogState file_dialog;
  ui::LessonPanelState lesson_panel;
  ui::LessonIntents lesson_intents;
  ui::RecordPanelState record_panel;
  std::unique_ptr<DesktopFileDialog> desktop_dialog;
  ui::FileAsk desktop_ask = ui::FileAsk::kNone;
  bool recording_frames = false;
  bool keeps_last_session = false;  // this run writes the last session on its way out
};

}  // namespace am::app

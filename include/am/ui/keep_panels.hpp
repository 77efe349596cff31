// Keep and share: the path box that asks where to save or what to open (when the desktop
// has no file dialog of its own), the View menu's items for views, pictures, video and
// the lesson, the lesson panel, the lesson's caption in presentation mode and the
// recording's progress. Each returns what the user chose; the session acts on it.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "am/store/lesson_file.hpp"
#include "am/ui/frame_layout.hpp"
#include "am/ui/panels.hpp"

namespace am::ui {

enum class FileAsk { kNone, kOpen, kSaveView, kSaveLesson, kRecord };

struct FileDialogState {
  FileAsk ask = FileAsk::kNone;
  std::array<char, 1024> path{};
  bool focus = false;  // the path box takes the keyboard when it opens
};
// Opens the path box with a suggested path.
void ask_for_path(FileDialogState& dialog, FileAsk ask, const std::string& suggested);
// The path box; returns the path when the user presses OK or Enter (the box closes).
std::optional<std::string> draw_file_dialog(FileDialogState& dialog);

// The View menu's items for keeping and sharing (call inside the menu).
void draw_keep_menu_items(PanelActions& actions);

struct LessonPanelState {
  bool open = false;
  std::array<char, 256> title{};  // the title and note the next "add" uses
  std::array<char, 2048> note{};
  bool show_caption = true;  // the note as a caption in presentation mode
};
struct LessonIntents {
  bool add = false;               // the view now, with the panel's title and note
  std::optional<std::size_t> go;  // show entry i
  std::optional<std::size_t> remove;
  std::optional<std::pair<std::size_t, int>> move;  // entry, -1 up / +1 down
  bool save = false;
  bool any() const { return add || go || remove || move || save; }
};
void draw_lesson_panel(const store::Lesson& lesson, std::size_t current, LessonPanelState& panel,
                       LessonIntents& intents);
// In presentation mode: the current entry's title and note along the viewport's foot.
void draw_lesson_caption(const FrameLayout& layout, const store::LessonEntry& entry, std::size_t index,
                         std::size_t count);

struct RecordPanelState {
  bool open = false;  // the dialog is up (choosing, or recording)
  std::array<char, 1024> path{};
  int fps = 30;
  float seconds = 5.0f;
  int motion = 0;  // 0 the chapter's beats, 1 orbit, 2 scrub
  bool recording = false;
  float progress = 0.0f;  // 0..1 while recording
  std::string message;    // the last recording's outcome
};
// "Record…": file, frames per second, length, motion; Start, and while recording a
// progress bar and Cancel. Returns +1 to start, -1 to cancel, 0 otherwise.
// invisible: drawn fully transparent and choosing nothing (in a recording's own frames).
int draw_record_panel(RecordPanelState& panel, bool invisible = false);

}  // namespace am::ui

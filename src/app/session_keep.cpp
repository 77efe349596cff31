// UiSession's keep-and-share choices, applied in one place: files dropped on the window,
// Ctrl+S / Ctrl+O (the desktop's file dialog, else the path box), pictures, quitting,
// the lesson (add, reorder, remove, step through, save) and "Record…".
#include <algorithm>
#include <ctime>

#include "am/store/pictures_folder.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/text_format.hpp"
#include "ui_session.hpp"

namespace am::app {
namespace {

// "FOLDER/attention-machine-view-20260102-153000.json" in the pictures folder, where
// F12 puts the screenshots: a teacher finds pictures and views together.
std::string suggested_path(const char* kind, const char* extension) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  return (std::filesystem::path(store::pictures_folder()) /
          (std::string("attention-machine-") + kind + "-" + stamp + extension))
      .string();
}

const char* dialog_title(ui::FileAsk ask) {
  switch (ask) {
    case ui::FileAsk::kOpen:
      return "Open a view or a lesson";
    case ui::FileAsk::kSaveView:
      return "Save this view";
    case ui::FileAsk::kSaveLesson:
      return "Save the lesson";
    case ui::FileAsk::kRecord:
      return "Record to";
    case ui::FileAsk::kNone:
      break;
  }
  return "";
}

}  // namespace

void UiSession::ask_path(ui::FileAsk ask, const std::string& suggested) {
  if (keep_.desktop_dialog) return;  // one question at a time
  // Headless runs never start a desktop program: scripts and tests see the path box.
  if (!headless_)
    keep_.desktop_dialog = DesktopFileDialog::start(ask != ui::FileAsk::kOpen, dialog_title(ask), suggested);
  if (keep_.desktop_dialog)
    keep_.desktop_ask = ask;
  else
    ui::ask_for_path(keep_.file_dialog, ask, suggested);
}

void UiSession::path_chosen(ui::FileAsk ask, const std::string& path) {
  if (path.empty()) return;  // cancelled
  Status done = Ok{};
  switch (ask) {
    case ui::FileAsk::kOpen:
      done = open_file(path);
      break;
    case ui::FileAsk::kSaveView:
      done = save_view(path);
      break;
    case ui::FileAsk::kSaveLesson:
      done = store::write_lesson_file(path, keep_.lesson);
      if (done) ui::set_status(state_, "Lesson saved to " + path);
      break;
    case ui::FileAsk::kRecord:
      keep_.record_panel.path.fill('\0');
      std::copy_n(path.begin(), std::min(path.size(), keep_.record_panel.path.size() - 1),
                  keep_.record_panel.path.begin());
      break;
    case ui::FileAsk::kNone:
      break;
  }
  if (!done) ui::set_status(state_, done.error(), true);
}

void UiSession::go_to_lesson_view(std::size_t index) {
  if (index >= keep_.lesson.entries.size()) return;
  keep_.lesson_at = index;
  // Stepping through a lesson on a projector stays in presentation mode (and out of it at a desk).
  const bool presenting = state_.presentation;
  const store::LessonEntry& e = keep_.lesson.entries[index];
  open_view(e.view, "view " + std::to_string(index + 1) + " of " +
                        std::to_string(keep_.lesson.entries.size()) +
                        (e.title.empty() ? "" : ": " + e.title));
  state_.presentation = presenting;
  keep_.lesson_chapter = state_.chapter;
}

void UiSession::apply_keep_actions(const ui::PanelActions& a, SessionRequests& requests) {
  if (keep_.recording_frames) return;  // the window's next frame takes the input
  for (const std::string& path : queue_.take_drops())
    if (auto s = open_file(path); !s) ui::set_status(state_, s.error(), true);
  requests.machine_screenshot = requests.machine_screenshot || a.machine_screenshot;
  requests.quit = requests.quit || a.quit;
  if (a.save_view) ask_path(ui::FileAsk::kSaveView, suggested_path("view", ".json"));
  if (a.open_view) ask_path(ui::FileAsk::kOpen, store::pictures_folder() + "/");
  if (a.show_lesson) keep_.lesson_panel.open = true;
  if (a.record && !keep_.record_panel.recording) {
    keep_.record_panel.open = true;
    keep_.record_panel.message.clear();
    if (keep_.record_panel.path[0] == '\0') {
      const std::string p = suggested_path("video", ".mp4");
      std::copy_n(p.begin(), std::min(p.size(), keep_.record_panel.path.size() - 1),
                  keep_.record_panel.path.begin());
    }
  }
  ui::LessonIntents intents = std::exchange(keep_.lesson_intents, ui::LessonIntents{});
  intents.add = intents.add || a.lesson_add;
  if (intents.add) {
    keep_.lesson.entries.push_back(
        {keep_.lesson_panel.title.data(), keep_.lesson_panel.note.data(), current_view()});
    keep_.lesson_at = keep_.lesson.entries.size() - 1;
    keep_.lesson_chapter = state_.chapter;
    keep_.lesson_panel.title.fill('\0');
    keep_.lesson_panel.note.fill('\0');
    ui::set_status(state_, "Added to the lesson as view " + std::to_string(keep_.lesson.entries.size()));
  }
  if (intents.move && store::move_lesson_entry(keep_.lesson, intents.move->first, intents.move->second)) {
    const std::size_t to = intents.move->second < 0 ? intents.move->first - 1 : intents.move->first + 1;
    if (keep_.lesson_at == intents.move->first)
      keep_.lesson_at = to;
    else if (keep_.lesson_at == to)
      keep_.lesson_at = intents.move->first;
  }
  if (intents.remove && *intents.remove < keep_.lesson.entries.size()) {
    keep_.lesson.entries.erase(keep_.lesson.entries.begin() + static_cast<std::ptrdiff_t>(*intents.remove));
    if (keep_.lesson_at > *intents.remove || keep_.lesson_at >= keep_.lesson.entries.size())
      keep_.lesson_at = keep_.lesson_at > 0 ? keep_.lesson_at - 1 : 0;
  }
  if (intents.go) go_to_lesson_view(*intents.go);
  if (intents.save) ask_path(ui::FileAsk::kSaveLesson, suggested_path("lesson", ".json"));
  if (a.lesson_step != 0 && !keep_.lesson.entries.empty()) {
    const auto n = static_cast<long>(keep_.lesson.entries.size());
    const long at = std::clamp(static_cast<long>(keep_.lesson_at) + a.lesson_step, 0L, n - 1);
    // From outside the lesson, Page Down starts at its first view.
    const bool in_lesson = keep_.lesson_chapter == state_.chapter;
    go_to_lesson_view(in_lesson ? static_cast<std::size_t>(at) : keep_.lesson_at);
  }
  if (keep_.desktop_dialog) {
    if (auto chosen = keep_.desktop_dialog->poll()) {
      keep_.desktop_dialog.reset();
      path_chosen(std::exchange(keep_.desktop_ask, ui::FileAsk::kNone), *chosen);
    }
  }
}

void UiSession::draw_keep_panels(SessionRequests& requests) {
  // The lesson's caption, on a projector, while its view is on show.
  if (state_.presentation && keep_.lesson_panel.show_caption &&
      keep_.lesson_at < keep_.lesson.entries.size() && keep_.lesson_chapter == state_.chapter)
    ui::draw_lesson_caption(panels_.layout, keep_.lesson.entries[keep_.lesson_at], keep_.lesson_at,
                            keep_.lesson.entries.size());
  if (keep_.recording_frames) {  // a recording shows the machine, not the dialog recording it
    (void)ui::draw_record_panel(keep_.record_panel, true);
    return;
  }
  const ui::FileAsk ask = keep_.file_dialog.ask;
  if (auto chosen = ui::draw_file_dialog(keep_.file_dialog)) path_chosen(ask, *chosen);
  ui::draw_lesson_panel(keep_.lesson, keep_.lesson_at, keep_.lesson_panel, keep_.lesson_intents);
  const int record = ui::draw_record_panel(keep_.record_panel);
  if (record > 0) {
    SessionRequests::Recording r;
    r.path = keep_.record_panel.path.data();
    r.fps = keep_.record_panel.fps;
    r.seconds = keep_.record_panel.seconds;
    r.motion = keep_.record_panel.motion == 0 ? "play" : keep_.record_panel.motion == 1 ? "orbit" : "scrub";
    requests.record = r;
    keep_.record_panel.recording = true;
    keep_.record_panel.progress = 0.0f;
    keep_.record_panel.message.clear();
  }
  if (record < 0) requests.cancel_recording = true;
}

void UiSession::recording_ended(const std::string& message, bool failed) {
  keep_.record_panel.recording = false;
  keep_.record_panel.progress = 0.0f;
  keep_.record_panel.message = message;
  ui::set_status(state_, message, failed);
}

}  // namespace am::app

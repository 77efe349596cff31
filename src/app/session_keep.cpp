// UiSession's keep-and-share choices, applied in one place: files dropped on the window,
// Ctrl+S / Ctrl+O (the desktop's file dialog, else the path box), pictures, quitting,
// the lesson (add, reorder, remove, step through, save) and "Record…".
#include <algorithm>
#include <ctime>

#include "am/ui/chapters.hpp"
#include "am/store/pictures_folder.hpp"
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
  if (desktop_dialog_) return;  // one question at a time
  // Headless runs never start a desktop program: scripts and tests see the path box.
  if (!headless_)
    desktop_dialog_ = DesktopFileDialog::start(ask != ui::FileAsk::kOpen, dialog_title(ask), suggested);
  if (desktop_dialog_)
    desktop_ask_ = ask;
  else
    ui::ask_for_path(file_dialog_, ask, suggested);
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
      done = store::write_lesson_file(path, lesson_);
      if (done) ui::set_status(state_, "Lesson saved to " + path);
      break;
    case ui::FileAsk::kRecord:
      record_panel_.path.fill('\0');
      std::copy_n(path.begin(), std::min(path.size(), record_panel_.path.size() - 1),
                  record_panel_.path.begin());
      break;
    case ui::FileAsk::kNone:
      break;
  }
  if (!done) ui::set_status(state_, done.error(), true);
}

void UiSession::go_to_lesson_view(std::size_t index) {
  if (index >= lesson_.entries.size()) return;
  lesson_at_ = index;
  // Stepping through a lesson on a projector stays in presentation mode (and out of it at a desk).
  const bool presenting = state_.presentation;
  const store::LessonEntry& e = lesson_.entries[index];
  open_view(e.view, "view " + std::to_string(index + 1) + " of " + std::to_string(lesson_.entries.size()) +
                        (e.title.empty() ? "" : ": " + e.title));
  state_.presentation = presenting;
  lesson_chapter_ = state_.chapter;
}

void UiSession::apply_keep_actions(const ui::PanelActions& a, SessionRequests& requests) {
  if (recording_frames_) return;  // the window's next frame takes the input
  for (const std::string& path : queue_.take_drops())
    if (auto s = open_file(path); !s) ui::set_status(state_, s.error(), true);
  requests.machine_screenshot = requests.machine_screenshot || a.machine_screenshot;
  requests.quit = requests.quit || a.quit;
  if (a.save_view) ask_path(ui::FileAsk::kSaveView, suggested_path("view", ".json"));
  if (a.open_view) ask_path(ui::FileAsk::kOpen, store::pictures_folder() + "/");
  if (a.show_lesson) lesson_panel_.open = true;
  if (a.record && !record_panel_.recording) {
    record_panel_.open = true;
    record_panel_.message.clear();
    if (record_panel_.path[0] == '\0') {
      const std::string p = suggested_path("video", ".mp4");
      std::copy_n(p.begin(), std::min(p.size(), record_panel_.path.size() - 1), record_panel_.path.begin());
    }
  }
  ui::LessonIntents intents = std::exchange(lesson_intents_, ui::LessonIntents{});
  intents.add = intents.add || a.lesson_add;
  if (intents.add) {
    lesson_.entries.push_back({lesson_panel_.title.data(), lesson_panel_.note.data(), current_view()});
    lesson_at_ = lesson_.entries.size() - 1;
    lesson_chapter_ = state_.chapter;
    lesson_panel_.title.fill('\0');
    lesson_panel_.note.fill('\0');
    ui::set_status(state_, "Added to the lesson as view " + std::to_string(lesson_.entries.size()));
  }
  if (intents.move && store::move_lesson_entry(lesson_, intents.move->first, intents.move->second)) {
    const std::size_t to = intents.move->second < 0 ? intents.move->first - 1 : intents.move->first + 1;
    if (lesson_at_ == intents.move->first)
      lesson_at_ = to;
    else if (lesson_at_ == to)
      lesson_at_ = intents.move->first;
  }
  if (intents.remove && *intents.remove < lesson_.entries.size()) {
    lesson_.entries.erase(lesson_.entries.begin() + static_cast<std::ptrdiff_t>(*intents.remove));
    if (lesson_at_ > *intents.remove || lesson_at_ >= lesson_.entries.size())
      lesson_at_ = lesson_at_ > 0 ? lesson_at_ - 1 : 0;
  }
  if (intents.go) go_to_lesson_view(*intents.go);
  if (intents.save) ask_path(ui::FileAsk::kSaveLesson, suggested_path("lesson", ".json"));
  if (a.lesson_step != 0 && !lesson_.entries.empty()) {
    const auto n = static_cast<long>(lesson_.entries.size());
    const long at = std::clamp(static_cast<long>(lesson_at_) + a.lesson_step, 0L, n - 1);
    // From outside the lesson, Page Down starts at its first view.
    const bool in_lesson = lesson_chapter_ == state_.chapter;
    go_to_lesson_view(in_lesson ? static_cast<std::size_t>(at) : lesson_at_);
  }
  if (desktop_dialog_) {
    if (auto chosen = desktop_dialog_->poll()) {
      desktop_dialog_.reset();
      path_chosen(std::exchange(desktop_ask_, ui::FileAsk::kNone), *chosen);
    }
  }
}

void UiSession::draw_keep_panels(SessionRequests& requests) {
  // The lesson's caption, on a projector, while its view is on show.
  if (state_.presentation && lesson_panel_.show_caption && lesson_at_ < lesson_.entries.size() &&
      lesson_chapter_ == state_.chapter)
    ui::draw_lesson_caption(layout_, lesson_.entries[lesson_at_], lesson_at_, lesson_.entries.size());
  if (recording_frames_) {  // a recording shows the machine, not the dialog recording it
    (void)ui::draw_record_panel(record_panel_, true);
    return;
  }
  const ui::FileAsk ask = file_dialog_.ask;
  if (auto chosen = ui::draw_file_dialog(file_dialog_)) path_chosen(ask, *chosen);
  ui::draw_lesson_panel(lesson_, lesson_at_, lesson_panel_, lesson_intents_);
  const int record = ui::draw_record_panel(record_panel_);
  if (record > 0) {
    SessionRequests::Recording r;
    r.path = record_panel_.path.data();
    r.fps = record_panel_.fps;
    r.seconds = record_panel_.seconds;
    r.motion = record_panel_.motion == 0 ? "play" : record_panel_.motion == 1 ? "orbit" : "scrub";
    requests.record = r;
    record_panel_.recording = true;
    record_panel_.progress = 0.0f;
    record_panel_.message.clear();
  }
  if (record < 0) requests.cancel_recording = true;
}

void UiSession::recording_ended(const std::string& message, bool failed) {
  record_panel_.recording = false;
  record_panel_.progress = 0.0f;
  record_panel_.message = message;
  ui::set_status(state_, message, failed);
}

}  // namespace am::app

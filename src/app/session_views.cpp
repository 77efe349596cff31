// UiSession's saved views and lessons: what the machine shows now as a ViewFile, and a
// ViewFile (or a lesson's first view) shown again. A view from another machine opens the
// nearest thing here (the default run, the nearest checkpoint) and says what differs.
#include <fstream>
#include <iterator>
#include <sstream>

#include "am/model/alphabet.hpp"
#include "am/model/nearest_step.hpp"
#include "am/ui/beats.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/text_format.hpp"
#include "am/ui/tracing_state.hpp"
#include "last_session.hpp"
#include "ui_session.hpp"

namespace am::app {
namespace {

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

std::string shown_path(const std::filesystem::path& path) {
  const char* home = std::getenv("HOME");
  return ui::path_for_message(path.string(), home ? home : "");
}

}  // namespace

store::ViewFile UiSession::current_view() const {
  store::ViewFile v;
  v.run_name = state_.run;
  v.step = state_.step;
  if (const auto i = shelf_.shown().checkpoint_index(state_.step); i && shelf_.shown().is_loaded(*i))
    v.checkpoint_hash = store::weights_hash(*shelf_.shown().weights(*i));
  // As typed; a text too long for a view keeps what the model reads.
  v.text = state_.raw_text.size() <= store::kMaxViewTextBytes ? state_.raw_text : ui::read_text(state_);
  v.chapter = state_.chapter;
  v.pulled = state_.pulled;
  if (state_.selected_position >= 0) v.selected_query = ui::resolved_query(state_) + 1;
  v.lifted_layer = state_.selected_layer;
  v.lifted_head = state_.selected_head;
  // "Why this character?" (issue 22): the character asked about and the corrupted text.
  const ui::TracingChoice& t = state_.tracing;
  if (t.target >= 0)
    v.attribution_target = t.target == char_to_id(' ') ? "space" : id_to_string(t.target);
  else if (t.open)
    v.attribution_target = "top";  // asked about the favourite
  if (t.corrupt == ui::TracingChoice::Corrupt::kAuto) v.corrupted_text = "auto";
  if (t.corrupt == ui::TracingChoice::Corrupt::kText) v.corrupted_text = t.corrupted_text;
  if (state_.beat.chapter == state_.chapter && state_.beat.index >= 0) v.beat = state_.beat.index;
  v.camera = held_.camera_now();
  v.presentation = state_.presentation;
  return v;
}

void UiSession::open_view(const store::ViewFile& v, const std::string& label) {
  std::vector<std::string> differs;
  const bool here = shelf_.find(v.run_name) != nullptr;
  const std::string run = here ? v.run_name : shelf_.runs().front().info.name;
  if (!here) differs.push_back("its run \"" + v.run_name + "\" is not here, so this shows \"" + run + "\"");
  if (auto s = switch_run(run); !s) differs.push_back(s.error());
  // The chapter first (it sets its own text, step and lift), then what the view says.
  state_.own_text = false;
  ui::enter_chapter(state_, *ui::find_chapter(v.chapter), context(), steps());
  if (v.text != state_.raw_text) {
    ui::set_text(state_, v.text);
    state_.own_text = true;
  }
  state_.step = nearest_step(steps(), v.step);
  if (state_.step != v.step)
    differs.push_back("step " + std::to_string(v.step) + " is not a checkpoint here, so this shows step " +
                      std::to_string(state_.step));
  else if (!v.checkpoint_hash.empty() && here)
    held_.hash_check = HeldView::HashCheck{state_.step, v.checkpoint_hash, label};
  state_.pulled = v.pulled;
  state_.selected_position = -1;
  if (v.selected_query)
    if (auto s = ui::select_position(state_, *v.selected_query - 1); !s) differs.push_back(s.error());
  ui::select_head(state_, v.lifted_layer, v.lifted_head);
  // The chapter's step player at the view's beat, shown whole (after the text: it sets the count).
  state_.beat = ui::BeatPlayer{.chapter = state_.chapter, .speed = state_.beat.speed};
  if (v.beat) {
    const int count = ui::beat_count(state_);
    if (*v.beat < count)
      ui::jump_to_beat(state_.beat, *v.beat, count);
    else
      differs.push_back("beat " + std::to_string(*v.beat + 1) + " is not one of this chapter's " +
                        std::to_string(count) + " beats here");
  }
  // No target saved: nothing was asked, so the "why?" panel stays closed.
  if (v.attribution_target) {
    auto target = analysis::parse_target_character(*v.attribution_target);
    if (!target) differs.push_back("attribution_target: " + target.error());
    ui::set_tracing_target(state_, target ? *target : -1);
  } else {
    state_.tracing.target = -1;
    state_.tracing.open = false;
  }
  if (auto s = ui::set_corruption(state_, v.corrupted_text.value_or("")); !s) {
    differs.push_back("corrupted_text: " + s.error());
    (void)ui::set_corruption(state_, "");
  }
  state_.presentation = v.presentation;
  state_.playing = false;
  ui::clear_written(state_);
  held_.hold(v.camera, state_);
  ui::set_status(state_, differs.empty() ? "Opened " + label : "Opened " + label + ", but " + joined(differs),
                 !differs.empty());
  check_view_hash();
}

void UiSession::check_view_hash() {
  if (!held_.hash_check) return;
  const auto i = shelf_.shown().checkpoint_index(held_.hash_check->step);
  if (!i || state_.step != held_.hash_check->step) {
    held_.hash_check.reset();  // the learner moved on
    return;
  }
  if (!shelf_.shown().is_loaded(*i)) return;  // read in the background: checked once it is in
  if (store::weights_hash(*shelf_.shown().weights(*i)) != held_.hash_check->hash)
    ui::set_status(state_,
                   "Opened " + held_.hash_check->label + ", but the weights at step " +
                       std::to_string(held_.hash_check->step) +
                       " are not the ones it was saved with (another training of run \"" + state_.run +
                       "\"?): the numbers may differ",
                   true);
  held_.hash_check.reset();
}

Status UiSession::open_file(const std::filesystem::path& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return fail(path.string() + ": cannot read (" + ec.message() + ")");
  if (size > store::kMaxLessonFileBytes)
    return fail(path.string() + ": " + std::to_string(size) + " bytes is too big to be a view or a lesson");
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) return fail(path.string() + ": cannot read");
  if (store::file_format_of(text) == store::kLessonFormat) {
    auto lesson = store::lesson_from_json(text, path.string());
    if (!lesson) return fail(lesson.error());
    if (lesson->entries.empty()) return fail(path.string() + ": field 'views': the lesson has no views");
    keep_.lesson = std::move(*lesson);
    keep_.lesson_at = 0;
    open_view(keep_.lesson.entries.front().view, shown_path(path) + " (view 1 of " +
                                                     std::to_string(keep_.lesson.entries.size()) +
                                                     "; Page Down shows the next)");
    keep_.lesson_chapter = state_.chapter;
    return Ok{};
  }
  auto view = store::view_from_json(text, path.string());
  if (!view) return fail(view.error());
  open_view(*view, shown_path(path));
  return Ok{};
}

Status UiSession::save_view(const std::filesystem::path& path) {
  if (auto s = store::write_view_file(path, current_view()); !s) return s;
  ui::set_status(state_, "View saved to " + shown_path(path));
  return Ok{};
}

void UiSession::save_last_session() {
  if (!keep_.keeps_last_session) return;
  const auto file = last_view_file();
  if (!file) return;
  std::error_code ec;
  std::filesystem::create_directories(file->parent_path(), ec);
  // Atomic (temp file, then rename): a kill or a full disk never leaves half a file.
  (void)store::write_view_file(*file, current_view());
}

Status UiSession::open_at_start(const Options& options) {
  keep_.keeps_last_session = writes_last_session(options, headless_);
  if (options.open) {
    if (auto s = open_file(*options.open); !s) {
      if (headless_) return s;  // a screenshot or script of a bad view must fail, not show another
      ui::set_status(state_, s.error(), true);
    }
    return Ok{};
  }
  if (!reopens_last_session(options, headless_)) return Ok{};
  const auto file = last_view_file();
  if (!file || !std::filesystem::exists(*file)) return Ok{};
  auto view = store::read_view_file(*file);
  if (!view) {
    ui::set_status(state_, "The last session could not be reopened, so this starts fresh: " + view.error(),
                   true);
    return Ok{};
  }
  open_view(*view, "the last session");
  if (!state_.status_is_error)
    ui::set_status(state_, "Reopened where the last session ended (--fresh starts clean)");
  return Ok{};
}

void UiSession::hold_view_camera(SessionRequests& requests) {
  check_view_hash();
  if (auto camera = held_.camera_for_frame(state_, requests.camera_changed, requests.reset_camera))
    requests.view_camera = camera;
}

Status UiSession::view_command(const ui::ScriptCommand& c) {
  if (c.kind == ui::CommandKind::kOpen) return open_file(c.text);
  return save_view(c.text);
}

}  // namespace am::app

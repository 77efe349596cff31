#include "ui_session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <future>
#include <optional>
#include <thread>
#include <utility>

#include <imgui.h>

#include "am/engine/engine_caches.hpp"
#include "am/engine/nonsense_accuracy.hpp"
#include "am/model/forward.hpp"
#include "am/model/nearest_step.hpp"
#include "am/model/weights_dir.hpp"
#include "am/store/script_file.hpp"
#include "am/store/settings_file.hpp"
#include "am/ui/chapter_dump.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/drum_notes.hpp"
#include "am/ui/playback.hpp"
#include "am/ui/scene_bridge.hpp"
#include "am/ui/script.hpp"
#include "am/ui/state_dump.hpp"
#include "am/ui/write_typing.hpp"

namespace am::app {

namespace {

// Test hook: AM_TEST_LOAD_DELAY_MS=N loads the checkpoints in the background even for a
// script, each N ms (at most 1,000) after the one before, so the app-level loading test
// can watch the drum fill while frames go on. Unset: no delay.
std::optional<int> test_load_delay_ms() {
  const char* v = std::getenv("AM_TEST_LOAD_DELAY_MS");
  if (v == nullptr || *v == '\0') return std::nullopt;
  char* end = nullptr;
  const long ms = std::strtol(v, &end, 10);
  if (*end != '\0' || ms < 0) return std::nullopt;
  return static_cast<int>(std::min(ms, 1000L));
}

}  // namespace

// The script port of the app: the engine's passes (EnginePort), and the window, the
// trainer and the screenshots, which are the session's.
class UiSession::ScriptPort final : public ui::EnginePort {
 public:
  explicit ScriptPort(UiSession& session) : EnginePort(session.shelf_.shown()), session_(session) {}
  // The runner's "screenshot" lands here; the window renders it after this frame.
  Status screenshot(const std::filesystem::path& path) override {
    session_.script_.ask_screenshot(path);
    return Ok{};
  }
  Status start_training(const ui::ScriptCommand& command) override {
    Status ok = session_.training_->start_script(command);
    if (ok) session_.show_growing();
    return ok;
  }
  bool training_busy() const override { return session_.training_->busy(); }
  Status window_command(const ui::ScriptCommand& command) override {
    return session_.window_command(command);
  }

 private:
  UiSession& session_;
};

// The window shows each run's final checkpoint at once and the rest arrive behind it;
// headless pictures and dumps must not depend on how far loading got.
std::vector<std::string> UiSession::load_runs(std::vector<RunInfo> runs) {
  const std::optional<int> delay_ms = test_load_delay_ms();
  engine::ModelEngine::OpenOptions open;
  open.background = !headless_ || delay_ms.has_value();
  if (delay_ms)
    open.before_load = [ms = *delay_ms](std::size_t) {
      std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    };
  return shelf_.open(std::move(runs), open);
}

Result<std::unique_ptr<UiSession>> UiSession::create(const Options& options, bool headless) {
  auto pulled = HeadMask::parse(options.ablate);
  if (!pulled) return fail("--ablate: " + pulled.error());
  auto root = find_weights_dir(options.weights_dir);
  if (!root) return fail(root.error());
  auto runs = list_runs(*root);
  if (!runs) return fail(runs.error());

  std::unique_ptr<UiSession> s(new UiSession());
  s->headless_ = headless;
  // Degrade, don't refuse: a run with no usable checkpoint is left out, with its reason;
  // only a folder where no run loads is refused.
  std::vector<std::string> problems = s->load_runs(std::move(*runs));
  if (s->shelf_.runs().empty()) {
    std::string why = "no run in " + root->string() + " could be loaded";
    for (const std::string& p : problems) why += "\n  " + p;
    return fail(why);
  }
  for (const engine::RunShelf::Run& r : s->shelf_.runs()) {
    s->run_views_.push_back(
        {r.info.name, r.info.title, r.info.arrangement, &r.engine->training(), r.engine->analysis()});
    s->state_.run_names.push_back(r.info.name);
  }
  if (!options.run.empty())
    if (auto shown = s->shelf_.show(options.run); !shown) return fail("--run: " + shown.error());
  s->state_.run = options.run.empty() ? s->shelf_.runs().front().info.name : options.run;
  s->state_.load_messages = std::move(problems);
  s->state_.load_dialog_open = !s->state_.load_messages.empty();
  if (!headless) {
    s->panels_.config_dir = store::config_dir();
    if (s->panels_.config_dir) {
      auto loaded = store::load_settings(*s->panels_.config_dir / store::kSettingsFileName);
      s->state_.settings = loaded.settings;
      if (!loaded.message.empty()) ui::set_status(s->state_, loaded.message, true);
    }
  }
  if (options.font_scale) s->state_.settings.font_scale = static_cast<float>(*options.font_scale);
  s->bind_engine();
  // Chapter 11 compares a grown run with the one the app opened on.
  s->shipped_record_ = s->shelf_.shown().training();
  s->training_ = std::make_unique<SessionTraining>(*root);
  if (const std::string offer = s->training_->resume_offer(); !offer.empty())
    ui::set_status(s->state_, offer);

  // The chapter first (its text, lift and step), then what the flags override.
  const int chapter = std::clamp(options.chapter.value_or(0), 0, ui::kChapterCount - 1);
  s->state_.step = s->steps().back();
  ui::enter_chapter(s->state_, *ui::find_chapter(chapter), s->context(), s->steps());
  if (options.text) {
    ui::set_text(s->state_, *options.text);
    s->state_.own_text = true;
  }
  if (options.step) s->state_.step = nearest_step(s->steps(), *options.step);
  s->state_.pulled = *pulled;
  // A view to open (FILE, --open) or the last session's, over what the flags chose.
  if (auto opened = s->open_at_start(options); !opened) return fail(opened.error());
  if (options.beat) {  // the chapter's beat, clamped into the beats the text gives it
    s->state_.beat.chapter = s->state_.chapter;
    ui::jump_to_beat(s->state_.beat, *options.beat, ui::beat_count(s->state_));
  }
  // After the chapter is entered, so its own status does not hide what was left out.
  const auto& shown = s->state_.load_messages;
  if (!shown.empty())
    ui::set_status(
        s->state_,
        shown.front() + (shown.size() > 1 ? " (+" + std::to_string(shown.size() - 1) + " more)" : ""), true);
  return s;
}

UiSession::~UiSession() = default;

void UiSession::bind_engine() {
  if (port_)
    port_->bind(shelf_.shown());
  else
    port_ = std::make_unique<ScriptPort>(*this);
  frame_.derived.reset();
}

Status UiSession::switch_run(const std::string& name) {
  auto changed = shelf_.show(name);
  if (!changed) return fail(changed.error());
  if (!*changed) return Ok{};
  training_->run().shown = false;  // the learner chose a shipped run: training goes on unseen
  state_.run = name;
  bind_engine();
  state_.step = nearest_step(steps(), state_.step);
  ui::clear_written(state_);
  state_.playing = false;
  const RunInfo& info = shelf_.find(name)->info;
  ui::set_status(state_, "Showing the run \"" + info.title + "\": " + info.arrangement);
  return Ok{};
}

Status UiSession::start_script(const std::filesystem::path& path) {
  auto script = store::read_script_file(path);
  if (!script) return fail(script.error());
  script_.start(std::move(*script));
  return Ok{};
}

void UiSession::show_growing() {
  training_->run().shown = true;
  training_->run().following = true;
  training_->run().followed_step = -1;
}

Status UiSession::load_run(const std::filesystem::path& dir) {
  // A run still training shows only its measured checkpoints (the worker goes in order).
  const bool growing = training_->run_dir() && *training_->run_dir() == dir;
  // Only the run being trained has accuracies measured in memory, not yet in its manifest.
  const std::vector<std::pair<std::int64_t, double>> measured =
      growing ? training_->measured() : std::vector<std::pair<std::int64_t, double>>{};
  std::optional<std::int64_t> up_to;
  if (growing && training_->busy()) {
    if (measured.empty()) return Ok{};
    up_to = measured.back().first;
  }
  if (auto shown = shelf_.show_grown(dir, up_to, measured); !shown) return fail(shown.error());
  bind_engine();
  state_.run = shelf_.grown_name();
  state_.step = nearest_step(steps(), state_.step);
  return Ok{};
}

// While a run grows, each measured checkpoint joins the drum; the machine stays on the
// newest one until the learner turns the drum back (and follows again from the newest).
void UiSession::follow_training() {
  ui::GrowingRun& run = training_->run();
  const bool showing_run = training_->run_dir() && shelf_.grown_name() == run.progress.run_name;
  if (showing_run) {
    if (run.following && run.followed_step >= 0 && state_.step != run.followed_step)
      run.following = false;
    else if (!run.following && state_.step == steps().back())
      run.following = true;
  }
  const auto dir = training_->poll();
  if (!dir || !run.shown) return;  // the learner opened another run meanwhile
  if (auto ok = load_run(*dir); !ok) {
    ui::set_status(state_, ok.error(), true);
    return;
  }
  if (run.following) {
    state_.step = steps().back();
    run.followed_step = state_.step;
  }
}

Status UiSession::window_command(const ui::ScriptCommand& c) {
  switch (c.kind) {
    case ui::CommandKind::kKey:
      // Into the same queue as the window's keys, taken later in this same frame.
      queue_.push_tap(static_cast<int>(c.number), c.mods, true);
      return Ok{};
    case ui::CommandKind::kFocus:
      if (state_.presentation || !state_.settings.panels.bottom_bar || !state_.settings.panels.text_input)
        return fail("the text box is hidden (presentation mode, or its bar is collapsed)");
      panels_.text.focus_request = 3;  // ImGui gives the focus a frame or two later
      return Ok{};
    case ui::CommandKind::kResize:
      script_.ask_resize(c.width, c.height);
      return Ok{};
    case ui::CommandKind::kDump:
      // Written once this frame's panels have been drawn, so their rectangles are current.
      script_.ask_dump(c.text, c.line);
      return Ok{};
    case ui::CommandKind::kOpen:
    case ui::CommandKind::kSaveView:
      return view_command(c);
    default:
      return fail("not a window command");
  }
}

nlohmann::ordered_json UiSession::frame_dump() const {
  const auto rect = [](const ui::PanelRect& r) {
    return nlohmann::ordered_json::array({r.x, r.y, r.w, r.h});
  };
  nlohmann::ordered_json j;
  j["window"] = {panels_.layout.window.w, panels_.layout.window.h};
  j["viewport"] = rect(panels_.layout.viewport);
  nlohmann::ordered_json panels = nlohmann::ordered_json::object();
  for (const auto& [name, r] : panels_.layout.bars()) panels[name] = rect(r);
  for (const auto& [name, r] : ui::drawn_panels()) panels[name] = rect(r);
  j["panels"] = panels;
  j["presentation"] = panels_.layout.presentation;
  return j;
}

Status UiSession::write_dump(const std::filesystem::path& path) {
  // The layout's keys, then what the window saw through the camera (focus, callouts).
  nlohmann::ordered_json extra = frame_dump();
  if (frame_.view_facts.is_object())
    for (const auto& [key, value] : frame_.view_facts.items()) extra[key] = value;
  extra["training"] = training_->dump();
  extra["run_shown"] = shelf_.grown_name().empty() ? nlohmann::ordered_json(nullptr)
                                                   : nlohmann::ordered_json(shelf_.grown_name());
  extra["checkpoint_steps"] = steps();
  extra["checkpoints_loaded"] = shelf_.shown().loaded_steps();
  extra["drum"] = {{"label", panels_.drum_text.first}, {"note", panels_.drum_text.second}};
  extra["clipped_text"] = panels_.clipped_text;
  extra["inspector"] = {{"hovered", panels_.inspector.hovered}, {"selected", panels_.inspector.selected}};
  const nlohmann::ordered_json chapter = ui::dump_chapter(state_, frame_.derived.context());
  for (const auto& [key, value] : chapter.items()) extra[key] = value;
  extra["beat"] = beat_dump();
  return ui::write_state_dump(path, state_, *port_, extra);
}

std::size_t UiSession::step_index() const { return shelf_.shown().nearest_index(state_.step); }

ui::ChapterContext UiSession::context() { return frame_.derived.with_pass(chapter_base(), state_); }

ui::ChapterContext UiSession::chapter_base() {
  ui::ChapterContext c = port_->chapter_context(state_);
  c.runs = &run_views_;
  c.run = state_.run;
  c.growing = &training_->run();
  c.shipped = &shipped_record_;
  return c;
}

SceneFrame UiSession::frame(double time_seconds, double dt_seconds, double frame_ms,
                            const ui::InspectorView& inspector, SessionRequests& requests) {
  // The one change signal: the shown state before and after, and the pass drawn.
  const ui::ShownState before = ui::shown_state(state_);
  const engine::CachedPass* pass_before = frame_.derived.pass().get();
  panels_.inspector = inspector;  // for the state dump
  apply_actions(dt_seconds, requests);
  machine::SceneInput input = derive(time_seconds, dt_seconds, requests);
  const bool acted = draw_panels(time_seconds, frame_ms, inspector, requests);
  // What the panels asked for (typed text, a pulled head, another chapter) shows in this
  // same frame, not the next: derived again, with no time passing in between.
  const ui::ShownState now = ui::shown_state(state_);
  if (!(now == idle_.shown())) input = derive(time_seconds, 0.0, requests);
  frame_.changed =
      !frame_.events.empty() || acted || !(now == before) || frame_.derived.pass().get() != pass_before;
  return {frame_.derived.pass(), std::move(input)};
}

// 1. Everything that changes the state before this frame is drawn: the script's next
// command, the window's events (shortcuts), what the panels chose last frame, a growing
// run, the drum's playback. The step ends on a checkpoint of the run on show.
void UiSession::apply_actions(double dt_seconds, SessionRequests& requests) {
  finish_loading();
  script_.step(state_, *port_);
  if (auto shot = script_.take_screenshot()) requests.script_screenshot = std::move(shot);
  if (auto size = script_.take_resize()) requests.resize = size;
  run_show_me();
  // Every event since the last frame, each acted on once (a script's keys included).
  frame_.events = keep_.recording_frames ? std::vector<ui::InputEvent>{} : queue_.take();
  ui::PanelActions actions = std::exchange(panels_.actions, ui::PanelActions{});
  const bool typing = panels_.text.active || panels_.text.focus_request > 0;
  // Entering a chapter reads the analysis (which head to lift), never a pass.
  ui::handle_shortcuts(state_, port_->chapter_context(state_), steps(), frame_.events, typing, actions);
  if (!state_.requested_run.empty()) {  // the run menu
    const std::string name = std::exchange(state_.requested_run, std::string());
    if (auto ok = switch_run(name); !ok) ui::set_status(state_, ok.error(), true);
  }
  apply_training_actions(std::exchange(panels_.training_actions, ui::TrainingActions{}));
  if (actions.settings_changed && panels_.config_dir) {
    if (auto s = store::save_settings(state_.settings, *panels_.config_dir / store::kSettingsFileName); !s)
      ui::set_status(state_, s.error(), true);
    ui::apply_settings(state_.settings, panels_.monitor_scale);
    ImGui::GetIO().FontGlobalScale = state_.settings.font_scale;  // the font atlas already has the DPI
  }
  if (actions.generate > 0) {
    const std::vector<int> ids = ui::read_ids(state_);
    state_.generated =
        shelf_.shown().generate(state_.step, ids, state_.pulled, actions.generate, state_.write);
    // The button types what was written into the text, where the machine reads it.
    ui::start_typing(state_, state_.generated.text);
  }
  requests.screenshot = requests.screenshot || actions.screenshot;
  requests.reset_camera = requests.reset_camera || actions.reset_camera;
  apply_keep_actions(actions, requests);
  follow_training();
  ui::advance_typing(state_, dt_seconds);
  sync_beats(dt_seconds);
  ui::advance_playback(state_, steps(), dt_seconds);
  state_.step = nearest_step(steps(), state_.step);
}

// "Show me": the chapter's try-this lines, run at once as a script would run them.
void UiSession::run_show_me() {
  std::vector<std::string> lines = std::exchange(panels_.chapter.show_me, {});
  if (lines.empty()) return;
  std::string source;
  for (const std::string& l : lines) source += l + "\n";
  auto script = ui::parse_script(source, "Show me");
  if (!script) {
    ui::set_status(state_, script.error(), true);
    return;
  }
  ui::ScriptRunner runner(std::move(*script));
  if (runner.run_all(state_, *port_) == ui::ScriptRunner::Outcome::kFailed)
    ui::set_status(state_, runner.error(), true);
}

// Once every checkpoint of a run has been read, the ones that failed leave its drum (the
// caches of the run on show stop first: the indices change), with their reasons.
void UiSession::finish_loading() {
  engine::RunShelf::Dropped dropped = shelf_.drop_failed();
  if (dropped.shown_changed) bind_engine();
  if (dropped.messages.empty()) return;
  ui::set_status(state_, dropped.messages.front(), true);
  state_.load_dialog_open = true;
  for (std::string& m : dropped.messages) state_.load_messages.push_back(std::move(m));
}

void UiSession::apply_training_actions(const ui::TrainingActions& training_actions) {
  std::string training_error;
  const auto open = training_->act(training_actions, training_error);
  if (!training_error.empty()) ui::set_status(state_, training_error, true);
  if ((training_actions.start || training_actions.continue_run) && training_error.empty()) show_growing();
  if (training_actions.open_shipped) {
    training_->run().shown = false;
    if (auto ok = switch_run(shelf_.runs().front().info.name); !ok) ui::set_status(state_, ok.error(), true);
  } else if (open) {
    training_->run().shown = training_->run_dir() && *open == *training_->run_dir();
    if (auto ok = load_run(*open); !ok)
      ui::set_status(state_, ok.error(), true);
    else
      state_.step = steps().back();
  }
}

// 2. What this frame shows, derived from the state (FrameDeriver: the pass, cached for
// every checkpoint in the background and this one at once, the chapter context, the
// beat); the camera and the beads follow it, and it gives the machine's input.
machine::SceneInput UiSession::derive(double time_seconds, double dt_seconds, SessionRequests& requests) {
  frame_.derived.derive(state_, shelf_, chapter_base(), headless_);
  const FrameDeriver& d = frame_.derived;
  const ui::ChapterStage stage = ui::current_stage(state_, d.context());
  const ui::CameraMove move = camera_.update(state_, stage, d.beat());
  requests.camera_changed = requests.camera_changed || move.reframe;
  requests.beat_focus_changed = requests.beat_focus_changed || move.beat_focus_changed;
  // Any input or change wakes the beads for a while (ShownState tells a change).
  idle_.note_frame(state_, time_seconds, dt_seconds, !frame_.events.empty(),
                   (stage.highlight & (ui::kHighlightBeads | ui::kHighlightThreads)) != 0);
  hold_view_camera(requests);
  // Headless pictures keep the fixed clock they were given, so they repeat.
  return d.scene_input(state_, headless_ ? time_seconds : idle_.bead_clock());
}

// 3. The panels, drawn from what step 2 derived. What they choose is kept for the next
// frame's step 1 (which then follows at once: the frame reports a change); true when
// they chose anything.
// The drum's view of this frame: the run's curves, the slider's words while checkpoints
// load, and the other runs to compare with.
ui::DrumView UiSession::drum_view() {
  const std::size_t index = step_index();
  const engine::ModelEngine& engine = shelf_.shown();
  ui::DrumView drum;
  drum.training = &engine.training();
  drum.analysis = engine.analysis();
  {
    // A checkpoint not read yet: the machine shows the nearest one that is, until it arrives.
    const bool waiting = !engine.is_loaded(engine.checkpoint_index(state_.step).value_or(index));
    std::optional<std::size_t> loading;
    std::int64_t loaded_from = 0;
    if (engine.loading()) {
      const std::vector<std::int64_t> in = engine.loaded_steps();
      loading = in.size();
      loaded_from = in.front();
    }
    // AppState::step is on a checkpoint of this run (apply_actions snaps it).
    drum.slider_label = ui::drum_slider_label(state_.step, waiting);
    drum.progress_note = ui::drum_progress_note(loading, steps().size(), loaded_from, steps().back(),
                                                headless_ ? shelf_.cache().target() : shelf_.cache().ready(),
                                                shelf_.cache().target());
    panels_.drum_text = {drum.slider_label, drum.progress_note};  // for the state dump
  }
  for (const engine::RunShelf::Run& r : shelf_.runs()) {
    drum.runs.emplace_back(r.info.name, r.info.title);
    if (!drum.other && r.engine.get() != &engine) {
      drum.other = &r.engine->training();
      drum.other_title = r.info.title;
    }
  }
  return drum;
}

// The rack's view: the live figure with heads pulled (the manifest's without), and the
// curve across training, which the drum draws too.
ui::RackView UiSession::rack_view(ui::DrumView& drum) const {
  const std::size_t index = step_index();
  ui::RackView rack;
  rack.analysis = shelf_.shown().analysis();
  rack.training = &shelf_.shown().training();
  rack.live_available = engine::nonsense_accuracy_available();
  // With every head in place the manifest has the figure for this checkpoint already.
  const auto& metrics = shelf_.shown().training().checkpoints;
  rack.live_accuracy = state_.pulled.any()      ? frame_.derived.accuracy()
                       : index < metrics.size() ? metrics[index].nonsense_accuracy
                                                : std::nullopt;
  if (state_.pulled.any() && !headless_) {
    rack.across_training = shelf_.curve().values();
    drum.ablated_accuracy = rack.across_training;
  }
  return rack;
}

// How to come back from presentation mode, for a few seconds (not in reproducible headless runs).
void UiSession::draw_presentation_hint(double time_seconds) {
  const float alpha = idle_.presentation_hint(state_.presentation && !headless_, time_seconds);
  if (alpha > 0.0f) ui::draw_presentation_hint(panels_.layout, alpha);
}

bool UiSession::draw_panels(double time_seconds, double frame_ms, const ui::InspectorView& inspector,
                            SessionRequests& requests) {
  ui::PanelActions actions;
  // The frame, from this frame's display size and font (after F11 may have toggled it).
  ui::FrameLayoutInput frame_in;
  const ImGuiIO& io = ImGui::GetIO();
  frame_in.width = static_cast<int>(io.DisplaySize.x);
  frame_in.height = static_cast<int>(io.DisplaySize.y);
  frame_in.line = ImGui::GetTextLineHeightWithSpacing();
  frame_in.left_open = state_.settings.panels.left_bar;
  frame_in.right_open = state_.settings.panels.right_bar;
  frame_in.bottom_open = state_.settings.panels.bottom_bar;
  frame_in.presentation = state_.presentation;
  frame_in.why_open = ui::tracing_shown(state_);
  panels_.layout = ui::compute_frame_layout(frame_in);
  // Changes panels_.layout in place: a bar whose panels drew more than it showed last frame takes
  // room from the viewport (fit_to_needs), so the machine is drawn in what is left.
  ui::begin_frame_panels(panels_.layout);
  ui::draw_bar_strips(state_, panels_.layout, actions);
  ui::draw_navigator(state_, actions);
  ui::draw_chapter_text(state_, frame_.derived.context(), panels_.chapter, actions.state);
  ui::draw_beat_strip(state_, actions.state);
  ui::draw_text_input(state_, panels_.text, actions);
  ui::draw_predictions(state_, frame_.derived.context().acts, frame_.derived.context().intact, actions.state);
  ui::draw_inspector(state_, inspector, actions.state);
  ui::draw_why(state_, frame_.derived.tracing(), inspector.traced_part, panels_.why, actions.state);
  ui::DrumView drum = drum_view();
  const ui::RackView rack = rack_view(drum);
  ui::draw_drum(state_, drum, actions);
  // In chapter 11 the training panel takes the rack's place in the frame.
  if (state_.chapter != ui::kGrowChapter) ui::draw_rack(state_, rack, actions);
  ui::TrainingActions training_actions;
  ui::draw_training_panel(state_, training_->panel_view(shelf_.grown_name()), panels_.training,
                          training_actions);
  ui::draw_settings(state_, actions);
  ui::draw_help(state_, actions.state);
  draw_keep_panels(requests);
  ui::StatusView status;
  status.cached = headless_ ? shelf_.cache().target() : shelf_.cache().ready();
  status.to_cache = shelf_.cache().target();
  status.frame_ms = headless_ ? 0.0 : frame_ms;
  ui::draw_status_line(state_, status);
  ui::draw_load_messages(state_, actions.state);
  draw_presentation_hint(time_seconds);
  // A screenshot or Home is asked of the window now; the rest waits for the next frame.
  requests.screenshot = requests.screenshot || std::exchange(actions.screenshot, false);
  requests.reset_camera = requests.reset_camera || std::exchange(actions.reset_camera, false);
  const bool acted = actions.any() || requests.screenshot || requests.reset_camera ||
                     training_actions.any() || !state_.requested_run.empty() || keep_.lesson_intents.any() ||
                     requests.record || requests.cancel_recording;
  // The one place the panels change the state: now, so the machine shows it this frame.
  ui::apply_state_intents(state_, std::exchange(actions.state, {}), port_->chapter_context(state_), steps());
  panels_.actions = actions;
  panels_.training_actions = std::move(training_actions);
  panels_.clipped_text = ui::measure_clipped_text();  // every panel has had its End()
  script_.write_dump([this](const std::filesystem::path& path) { return write_dump(path); }, state_);
  return acted;
}

// The player follows the chapter (another chapter starts with no beat) and the text (a
// shorter text has fewer beats), and moves on while it plays.
void UiSession::sync_beats(double dt_seconds) {
  ui::BeatPlayer& p = state_.beat;
  if (p.chapter != state_.chapter) {
    const float speed = p.speed;
    p = ui::BeatPlayer{};
    p.chapter = state_.chapter;
    p.speed = speed;
  }
  const int count = ui::beat_count(state_);
  if (p.index >= count) {
    p.index = count - 1;
    p.progress = 1.0;
    p.playing = p.playing && count > 0;
  }
  const ui::BeatScript* script = ui::chapter_beats(state_.chapter);
  ui::advance_beats(p, count, script ? script->seconds : 1.0, dt_seconds, state_.settings.reduced_motion);
}

// The dump's beat: index, count, caption and the numbers it quotes, by name.
nlohmann::ordered_json UiSession::beat_dump() const {
  nlohmann::ordered_json j;
  j["index"] = frame_.derived.beat() ? state_.beat.index : -1;
  j["count"] = ui::beat_count(state_);
  j["progress"] = frame_.derived.beat() ? state_.beat.progress : 1.0;
  j["playing"] = state_.beat.playing;
  j["caption"] = frame_.derived.beat() ? frame_.derived.beat()->caption : std::string();
  nlohmann::ordered_json numbers = nlohmann::ordered_json::object();
  if (frame_.derived.beat())
    for (const machine::BeatNumber& n : frame_.derived.beat()->numbers)
      numbers[n.name] =
          !n.scalar || n.values.empty() ? nlohmann::ordered_json(n.values)
          : n.values.front() == std::floor(n.values.front()) && std::abs(n.values.front()) < 9e15
              ? nlohmann::ordered_json(static_cast<std::int64_t>(n.values.front()))  // places, counts
              : nlohmann::ordered_json(n.values.front());
  j["numbers"] = numbers;
  return j;
}

void UiSession::click(const machine::Part& part) {
  using machine::PartKind;
  switch (part.kind) {
    case PartKind::kRackHead:
      if (part.layer >= 0 && part.head >= 0)
        ui::set_pulled(
            state_, part.layer, part.head,
            !state_.pulled.pulled[static_cast<std::size_t>(part.layer)][static_cast<std::size_t>(part.head)]);
      break;
    case PartKind::kHeadPlate:
      if (part.layer >= 0 && part.head >= 0) ui::select_head(state_, part.layer, part.head);
      break;
    case PartKind::kSlug:
    case PartKind::kDial:
    case PartKind::kThread:
    case PartKind::kBead:
    case PartKind::kAttentionCell:
      if (part.position >= 0) (void)ui::select_position(state_, part.position);
      break;
    default:
      break;
  }
}

void UiSession::save_layout_and_settings() {
  if (headless_ || !panels_.config_dir) return;
  (void)store::save_text_atomically(*panels_.config_dir / store::kLayoutFileName, ui::layout_text());
  (void)store::save_settings(state_.settings, *panels_.config_dir / store::kSettingsFileName);
}

}  // namespace am::app

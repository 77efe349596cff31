// The explainer around the machine: the UI's AppState, the model engine with every
// checkpoint, the background caches, the panels and (optionally) a script being
// replayed. One call per frame turns the user's state into the SceneInput the
// machine is built from. No GL here: ImGui only.
#pragma once

#include "am/ui/tracing_state.hpp"

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "am/engine/checkpoint_cache.hpp"
#include "am/engine/model_engine.hpp"
#include "am/engine/pulled_accuracy.hpp"
#include "am/engine/run_shelf.hpp"
#include "am/machine/scene.hpp"
#include "am/model/runs_index.hpp"
#include "am/store/lesson_file.hpp"
#include "am/store/view_file.hpp"
#include "am/ui/app_state.hpp"
#include "am/ui/beats.hpp"
#include "am/ui/camera_director.hpp"
#include "am/ui/engine_port.hpp"
#include "am/ui/frame_layout.hpp"
#include "am/ui/idle_policy.hpp"
#include "am/ui/input_events.hpp"
#include "am/ui/keep_panels.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/script_host.hpp"
#include "am/ui/script_runner.hpp"
#include "am/ui/training_panel.hpp"
#include "desktop_file_dialog.hpp"
#include "frame_facts.hpp"
#include "held_view.hpp"
#include "keep_desk.hpp"
#include "options.hpp"
#include "panel_host.hpp"
#include "session_training.hpp"

namespace am::app {

// What the window does after the panels have been drawn.
struct SessionRequests {
  bool screenshot = false;                                 // F12 / Ctrl+S: save the window to a PNG
  std::optional<std::filesystem::path> script_screenshot;  // a script's "screenshot" command
  bool camera_changed = false;                // the chapter's pose (or lifted plate) changed: glide there
  bool beat_focus_changed =
      false;  // a beat names other parts, or the text read changed length: move only if they leave the frame
  bool reset_camera = false;                  // Home
  std::optional<std::pair<int, int>> resize;  // a script's "resize WxH"
  std::optional<store::ViewCamera>
      view_camera;                  // an opened view's camera: jump there (wins over the chapter's)
  bool machine_screenshot = false;  // Shift+F12: the viewport alone, at 2x
  bool quit = false;                // Ctrl+Q
  struct Recording {                // "Record…": start one in the window
    std::filesystem::path path;
    int fps = 30;
    double seconds = 5.0;
    std::string motion;  // "orbit" or "scrub"
  };
  std::optional<Recording> record;
  bool cancel_recording = false;
};

// What one frame draws: the machine's input and the pass its activation pointers read,
// held together so the pointers stay valid as long as the input is kept.
struct SceneFrame {
  std::shared_ptr<const engine::CachedPass> pass;
  machine::SceneInput input;
};

class UiSession {
 public:
  // headless: no user settings or layout are read or written (screenshots stay reproducible),
  // and live numbers are computed at once instead of in the background.
  static Result<std::unique_ptr<UiSession>> create(const Options& options, bool headless);
  ~UiSession();

  // Loads a script to replay one command per frame. Errors are "FILE:LINE: message".
  Status start_script(const std::filesystem::path& path);
  bool script_running() const { return script_.running(); }
  bool script_failed() const { return script_.failed(); }
  std::string script_error() const { return script_.error(); }
  Status write_dump(const std::filesystem::path& path);
  // What the window saw this frame (viewport, focus, callouts), added to the dump.
  void set_view_facts(nlohmann::ordered_json facts) { frame_.view_facts = std::move(facts); }

  // Between ImGui::NewFrame and ImGui::Render, in three steps: apply what changed (the
  // script's next command, the queued input events, last frame's panel choices, the drum's
  // playback); derive the pass and the machine's input once; draw the panels from them.
  // `inspector` holds the describe() text of the hovered / clicked part.
  SceneFrame frame(double time_seconds, double dt_seconds, double frame_ms,
                   const ui::InspectorView& inspector, SessionRequests& requests);

  // A click on a part of the machine (rack head: pull/push; slug: select the query; plate: lift).
  void click(const machine::Part& part);
  void set_status(std::string message, bool is_error = false) {
    ui::set_status(state_, std::move(message), is_error);
  }

  const ui::AppState& state() const { return state_; }
  ui::AppState& mutable_state() { return state_; }  // benchmarks drive the drum and the rack
  // The checkpoints of the run on show (the engine owns the list; AppState::step owns the choice).
  const std::vector<std::int64_t>& steps() const { return shelf_.steps(); }
  // While a script's screenshot is being rendered, its next command waits.
  void hold_script(bool hold) { script_.hold(hold); }
  ui::CameraPose camera_pose() const { return camera_.pose(); }
  const ui::FocusList& focus() const { return camera_.focus(); }  // the chapter's focus parts, this frame
  // Something the user sees moves by itself: the drum playing, the beats playing, Write's
  // characters still arriving (ui::state_moves), a script replaying, presentation mode's hint.
  bool animating() const { return ui::state_moves(state_) || script_running() || idle_.hint_showing(); }
  // The beat on show (none: no beat chosen, or the chapter has none), derived once a frame.
  const std::optional<ui::Beat>& beat() const { return frame_.derived.beat(); }
  // Only background work goes on (passes for other checkpoints, a run being trained):
  // a progress frame now and then.
  // The pass of the current text at a checkpoint index: cached, or computed at once.
  std::shared_ptr<const engine::CachedPass> pass_at(std::size_t index) { return shelf_.cache().get(index); }
  std::size_t cached_target() const { return shelf_.cache().target(); }  // passes kept near the drum
  bool background_busy() const {
    return shelf_.cache().ready() < shelf_.cache().target() || training_->busy() ||
           shelf_.shown().loading() || shelf_.shown().needs_drop();
  }
  // Beads travel in the chapters about threads and beads, and for a few seconds after
  // any change elsewhere; then they rest and the window can sleep.
  bool beads_moving() const { return idle_.beads_moving(); }
  // A script is held on "wait-training" (the headless loop can then sleep between frames).
  bool waiting_for_training() const { return training_->busy(); }
  void save_layout_and_settings();
  void set_monitor_scale(float scale) { panels_.monitor_scale = scale; }

  // Saved views and lessons (session_views.cpp). The window tells the session where its
  // camera is each frame, so a view saved at any moment has it.
  void note_camera(const store::ViewCamera& camera) { held_.note_camera(camera); }
  store::ViewFile current_view() const;
  // Shows a view: the nearest thing when its run or checkpoint is not here, and the
  // status line says what differs.
  void open_view(const store::ViewFile& view, const std::string& label);
  // A view or a lesson (its first view); on any error nothing changes.
  Status open_file(const std::filesystem::path& path);
  Status save_view(const std::filesystem::path& path);
  // On quitting the window: the view goes to the last-session file (when this run keeps one).
  void save_last_session();
  const store::Lesson& lesson() const { return keep_.lesson; }
  // The window's recording: its progress (0..1) for the dialog's bar, then how it ended.
  void set_recording_progress(float share) {
    keep_.record_panel.recording = true;
    keep_.record_panel.progress = share;
  }
  void recording_ended(const std::string& message, bool failed);
  // While the window renders a recording's frames offscreen: the record dialog and the
  // path box are left out of them.
  void set_recording_frames(bool on) { keep_.recording_frames = on; }
  // A desktop file dialog is open: frames keep coming (slowly) to poll it.
  bool waiting_for_dialog() const { return keep_.desktop_dialog != nullptr; }

  // Key and mouse-button events from the window's callbacks (and a script's
  // "key"), taken once per frame by frame().
  ui::InputQueue& input() { return queue_; }
  // The events frame() took this frame (the window reads the clicks among them).
  const std::vector<ui::InputEvent>& frame_events() const { return frame_.events; }
  // This frame's layout: bars, panel slots and the 3D viewport (UI pixels, top-left origin).
  const ui::FrameLayout& layout() const { return panels_.layout; }
  // Whatever the panels or the input changed this frame: draw another one to show it.
  bool changed_this_frame() const { return frame_.changed; }

 private:
  UiSession() = default;
  ui::ChapterContext context();       // the chapter's context with this frame's pass
  ui::ChapterContext chapter_base();  // without it: the engine's weights and analysis, the runs
  std::size_t step_index() const;  // the checkpoint AppState::step is on
  void apply_actions(double dt_seconds, SessionRequests& requests);
  void apply_training_actions(const ui::TrainingActions& actions);
  void run_show_me();
  void finish_loading();
  machine::SceneInput derive(double time_seconds, double dt_seconds, SessionRequests& requests);
  bool draw_panels(double time_seconds, double frame_ms, const ui::InspectorView& inspector,
                   SessionRequests& requests);
  Status window_command(const ui::ScriptCommand& command);
  Status view_command(const ui::ScriptCommand& command);          // open, save-view
  Status open_at_start(const Options& options);                   // FILE / --open, else the last session
  std::vector<std::string> load_runs(std::vector<RunInfo> runs);  // onto the shelf; the problems met
  ui::DrumView drum_view();                                       // also keeps panels_.drum_text for the dump
  ui::RackView rack_view(ui::DrumView& drum) const;               // gives the drum the ablated curve
  void draw_presentation_hint(double time_seconds);
  void hold_view_camera(SessionRequests& requests);  // an opened view's camera, until the chapter moves
  void check_view_hash();                            // once the opened view's checkpoint is read
  // session_keep.cpp: the menu's and keys' save / open / picture / lesson / record choices.
  void apply_keep_actions(const ui::PanelActions& actions, SessionRequests& requests);
  void draw_keep_panels(SessionRequests& requests);
  void ask_path(ui::FileAsk ask, const std::string& suggested);
  void path_chosen(ui::FileAsk ask, const std::string& path);
  void go_to_lesson_view(std::size_t index);
  void sync_beats(double dt_seconds);
  nlohmann::ordered_json beat_dump() const;
  nlohmann::ordered_json frame_dump() const;

  Status switch_run(const std::string& name);
  void bind_engine();  // the script port and this frame's pass follow the run on show
  // Switches the machine to the checkpoints in `dir` (a growing or saved run).
  Status load_run(const std::filesystem::path& dir);
  void follow_training();
  void show_growing();  // the machine switches to the run being trained and follows it

  bool headless_ = false;
  engine::RunShelf shelf_;  // every run, the one on show and its caches
  std::vector<ui::RunView> run_views_;
  // Scripts reach the run on show, the window and the trainer through this port.
  class ScriptPort;
  std::unique_ptr<ScriptPort> port_;
  ui::AppState state_;
  ui::ScriptHost script_;      // a --script being replayed and what it asked of the window
  PanelHost panels_;           // the panels' state, their choices for the next frame, what they drew
  FrameFacts frame_;           // what this frame shows (derived from the state), its events
  ui::CameraDirector camera_;  // where the camera looks, and when it frames again
  ui::InputQueue queue_;
  ui::IdlePolicy idle_;              // the beads' clock and when they rest; presentation mode's hint
  TrainingRecord shipped_record_;    // the run the app opened with, for chapter 11
  HeldView held_;                    // an opened view's camera and weights check; the camera now
  KeepDesk keep_;                    // the lesson, the keep panels, a desktop dialog, recording
  std::unique_ptr<SessionTraining> training_;  // last: a run still going saves before the rest goes
};

}  // namespace am::app

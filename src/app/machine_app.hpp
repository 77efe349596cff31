// The window's pieces put together: GL window, ImGui, renderer, camera and the
// live machine, and one function that draws a frame of all of them. The three
// ways to run it (interactive, screenshot, benchmark) are in their own files.
#pragma once

#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "am/render/camera.hpp"
#include "am/render/glyph_atlas.hpp"
#include "am/render/renderer.hpp"
#include "am/ui/viewport.hpp"
#include "beat_overlay.hpp"
#include "focus_overlay.hpp"
#include "gl_window.hpp"
#include "machine_view.hpp"
#include "options.hpp"
#include "overlay_layer.hpp"
#include "screen_label_overlay.hpp"
#include "ui_session.hpp"

namespace am::app {

struct FrameReport {
  render::FrameStats stats;
  double build_ms = 0.0;   // machine::build_scene (wall)
  double submit_ms = 0.0;  // renderer: uploads and GL calls, waits on the driver included (wall)
  double cpu_ms = 0.0;     // this thread's CPU time for both (driver work on this thread included, waits not)
  double ui_ms = 0.0;      // the UI's frame: script, caches, chapter text, panels (wall)
  SessionRequests requests;  // screenshots the user or a script asked for
};

class MachineApp {
 public:
  using Clock = std::chrono::steady_clock;

  // visible = false for headless screenshots. The glyph atlas is being built on
  // other threads meanwhile (it is the slowest part of start-up); create waits for it.
  // headless: no user settings or layout, fixed panel sizes (see UiSession).
  static Result<std::unique_ptr<MachineApp>> create(const Options& options, bool visible, bool headless,
                                                    Clock::time_point started,
                                                    std::future<Result<render::GlyphAtlas>> atlas);

  // Draws one frame into `target` (0 = the window) of the given framebuffer size: the
  // frame's bars and panels, and the machine in the viewport rectangle they leave.
  // interactive: read the mouse (camera, hover, clicks) and show tooltips.
  Result<FrameReport> draw_frame(unsigned target, int width, int height, double time_seconds,
                                 bool interactive);
  // The 3D viewport of the last frame, UI pixels from the window's top left.
  ui::ViewportRect viewport() const { return session_->layout().viewport; }
  // Headless runs: the size the offscreen target (and the hidden window) should have.
  void set_size(int width, int height);
  // Offscreen frames at `scale` framebuffer pixels per UI pixel (machine pictures at 2x):
  // the same layout, drawn bigger. 1 = as many pixels as UI pixels.
  void set_offscreen_scale(float scale) { offscreen_scale_ = scale; }
  // The window's own recording: frames drawn offscreen between the window's frames take no
  // input (mouse, keys, dropped files) and leave out the record dialog.
  void set_offscreen_only(bool on) {
    offscreen_only_ = on;
    session_->set_recording_frames(on);
  }

  GLFWwindow* window() const { return window_->handle(); }
  // Taps still waiting for a frame to reach ImGui's widgets: draw another frame.
  bool keys_pending() const { return session_->input().replay().busy(); }
  const GlWindow& gl() const { return *window_; }
  // Auto's input: how long a frame took to draw and show (seconds of the loop's clock).
  // Other choices ignore it; a step changes the tier from the next frame on.
  void note_frame_time(double now_seconds, double frame_ms);
  render::QualityTier quality() const { return renderer_->quality(); }
  render::QualityChoice quality_choice() const { return quality_choice_; }
  render::OrbitCamera& camera() { return camera_; }
  const MachineView& view() const { return *view_; }
  const Options& options() const { return options_; }
  UiSession& session() { return *session_; }
  Clock::time_point started() const { return started_; }

 private:
  MachineApp() = default;
  void handle_mouse(const ui::ViewportRect& viewport);
  // Keys tapped between two frames are held down for ImGui's widgets for one frame.
  void replay_keys_for_imgui();
  void place_camera(bool glide, const ui::ViewportRect& viewport);
  void record_view_facts(const FocusFacts& facts, const BeatOverlayFacts& beat,
                         const std::vector<DrawnScreenLabel>& screen_labels);
  void install_input_callbacks();
  // Follows the settings' Quality choice (the panel may change it) into the renderer.
  void sync_quality();

  Options options_;
  std::unique_ptr<GlWindow> window_;
  std::unique_ptr<ImGuiLayer> imgui_;
  std::unique_ptr<render::Renderer> renderer_;
  std::unique_ptr<MachineView> view_;
  render::OrbitCamera camera_;
  std::unique_ptr<UiSession> session_;
  render::QualityChoice quality_choice_ = render::QualityChoice::kHigh;
  render::AdaptState adapt_;
  std::string gl_renderer_;  // GL_RENDERER, for Auto's first guess
  render::PickId hovered_ = 0;
  std::string selected_;                        // describe() of the last clicked part, refreshed every frame
  std::optional<machine::Part> selected_part_;  // which part that is (pick ids change from frame to frame)
  int selected_chapter_ = -1;                   // the chapter it was clicked in
  ui::ViewportRect last_viewport_;
  float press_x_[3] = {0, 0, 0}, press_y_[3] = {0, 0, 0};  // where each mouse button went down
  bool press_in_view_[3] = {false, false, false};
  bool user_moved_camera_ = false;  // orbit, pan or zoom since the chapter's pose was placed
  double last_time_ = -1.0;
  double last_frame_ms_ = 0.0;
  Clock::time_point last_heap_release_{};  // when draw_frame last gave free heap pages back
  long long frames_drawn_ = 0;
  float offscreen_scale_ = 1.0f;
  bool offscreen_only_ = false;
  Clock::time_point started_;
};

// Starts building the label atlas from the installed font on background threads.
std::future<Result<render::GlyphAtlas>> start_glyph_atlas();

// idle_bench: leave the window untouched for that many seconds, then print the CPU the
// process uses in the next 10 s (issue 9: idle is idle) and close.
int run_interactive(MachineApp& app, std::optional<int> idle_bench = std::nullopt);
int run_screenshot(MachineApp& app, const std::filesystem::path& out);
int run_script(MachineApp& app, const std::filesystem::path& script,
               const std::optional<std::filesystem::path>& dump);
// Where F12 puts a screenshot: $XDG_PICTURES_DIR if it exists, else the current folder,
// with the date and time in the name.
std::filesystem::path screenshot_path();
// Renders `frames` frames into an offscreen target of the options' size and writes a PNG.
Status render_offscreen_png(MachineApp& app, const std::filesystem::path& out, double time_seconds,
                            int frames);
int run_bench(MachineApp& app, int frames);

}  // namespace am::app

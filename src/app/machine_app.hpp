// The window's pieces put together: GL window, ImGui, renderer, camera and the
// live machine, and one function that draws a frame of all of them. The three
// ways to run it (interactive, screenshot, benchmark) are in their own files.
#pragma once

#include <chrono>
#include <future>
#include <memory>
#include <string>

#include "am/render/camera.hpp"
#include "am/render/glyph_atlas.hpp"
#include "am/render/renderer.hpp"
#include "gl_window.hpp"
#include "imgui_layer.hpp"
#include "machine_view.hpp"
#include "model_source.hpp"
#include "options.hpp"
#include "prediction_panel.hpp"

namespace am::app {

struct FrameReport {
  render::FrameStats stats;
  double build_ms = 0.0;       // machine::build_scene (wall)
  double submit_ms = 0.0;      // renderer: uploads and GL calls, waits on the driver included (wall)
  double cpu_ms = 0.0;         // this thread's CPU time for both (driver work on this thread included, waits not)
};

class MachineApp {
 public:
  using Clock = std::chrono::steady_clock;

  // visible = false for headless screenshots. The glyph atlas is being built on
  // other threads meanwhile (it is the slowest part of start-up); create waits for it.
  static Result<std::unique_ptr<MachineApp>> create(const Options& options, LoadedModel model, bool visible,
                                                    Clock::time_point started,
                                                    std::future<Result<render::GlyphAtlas>> atlas);

  // Draws one frame into `target` (0 = the window) of the given framebuffer size.
  // interactive: read the mouse (camera, hover, clicks) and show tooltips.
  Result<FrameReport> draw_frame(unsigned target, int width, int height, double time_seconds, bool interactive);

  // Builds the scene once and puts the camera at the chapter's pose (no glide).
  void frame_chapter(int chapter, int width, int height);

  GLFWwindow* window() const { return window_->handle(); }
  const GlWindow& gl() const { return *window_; }
  render::OrbitCamera& camera() { return camera_; }
  const MachineView& view() const { return *view_; }
  const Options& options() const { return options_; }
  Clock::time_point started() const { return started_; }

 private:
  MachineApp() = default;
  void handle_mouse(int width, int height);
  void handle_keys(int width, int height);

  Options options_;
  LoadedModel model_;
  std::unique_ptr<GlWindow> window_;
  std::unique_ptr<ImGuiLayer> imgui_;
  std::unique_ptr<render::Renderer> renderer_;
  std::unique_ptr<MachineView> view_;
  render::OrbitCamera camera_;
  PredictionPanel panel_;
  render::PickId hovered_ = 0;
  int chapter_ = 0;
  Clock::time_point started_;
};

// Starts building the label atlas from the installed font on background threads.
std::future<Result<render::GlyphAtlas>> start_glyph_atlas();

int run_interactive(MachineApp& app);
int run_screenshot(MachineApp& app, const std::filesystem::path& out);
int run_bench(MachineApp& app, int frames);

}  // namespace am::app

#include "machine_app.hpp"

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <iostream>

#include "am/render/asset_paths.hpp"
#include "am/render/picking.hpp"
#include "camera_presets.hpp"
#include "panel_layout.hpp"

namespace am::app {
namespace {

// CPU time of the calling thread: unlike wall time, it leaves out waiting for the driver.
double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

std::future<Result<render::GlyphAtlas>> start_glyph_atlas() {
  return std::async(std::launch::async, []() -> Result<render::GlyphAtlas> {
    const auto font = render::find_font_file();
    if (!font) return fail("no font found (install fonts-dejavu-core or set AM_FONT to a .ttf file)");
    render::GlyphAtlasOptions o;
    o.cap_height_px = 36.0f;
    o.padding_px = 6;
    o.extra = render::default_extra_codepoints();
    o.threads = 2;
    return render::build_glyph_atlas(*font, o);
  });
}

Result<std::unique_ptr<MachineApp>> MachineApp::create(const Options& options, bool visible, bool headless,
                                                       Clock::time_point started,
                                                       std::future<Result<render::GlyphAtlas>> atlas) {
  std::unique_ptr<MachineApp> app(new MachineApp());
  app->options_ = options;
  app->started_ = started;
  auto session = UiSession::create(options, headless);
  if (!session) return fail(session.error());
  app->session_ = std::move(*session);
  auto window = GlWindow::create(options.width, options.height, visible, "Attention Machine");
  if (!window) return fail(window.error());
  app->window_ = std::move(*window);

  if (const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER)); name != nullptr)
    app->gl_renderer_ = name;
  // The command line wins; headless runs default to High so their pictures repeat anywhere.
  app->quality_choice_ = options.quality ? *options.quality
                         : headless      ? render::QualityChoice::kHigh
                                         : static_cast<render::QualityChoice>(app->session_->state().settings.quality);
  app->session_->mutable_state().settings.quality = static_cast<int>(app->quality_choice_);
  app->adapt_.tier = render::initial_quality(app->quality_choice_, app->gl_renderer_);

  auto shader_dir = render::find_shader_dir();
  if (!shader_dir) return fail(shader_dir.error());
  render::RendererOptions ro;
  ro.shader_dir = *shader_dir;
  if (const char* p = std::getenv("AM_PROFILE_PASSES"); p != nullptr && *p == '1') ro.profile_passes = true;
  if (const char* p = std::getenv("AM_MSAA_SAMPLES"); p != nullptr) ro.msaa_samples = std::atoi(p);
  if (const char* p = std::getenv("AM_SHADOW_SIZE"); p != nullptr) ro.shadow_map_size = std::atoi(p);
  // For measuring what the moving resolution costs (a share, 0 < r <= 1).
  if (const char* p = std::getenv("AM_MOTION_RESOLUTION"); p != nullptr) ro.motion_resolution = std::strtof(p, nullptr);
  ro.quality = app->adapt_.tier;
  auto renderer = render::Renderer::create(ro);
  if (!renderer) return fail(renderer.error());
  app->renderer_ = std::move(*renderer);

  float monitor_scale = 1.0f;
  if (!headless) {
    float sx = 1.0f, sy = 1.0f;
    glfwGetWindowContentScale(app->window_->handle(), &sx, &sy);
    monitor_scale = std::max(sx, sy);
  }
  app->imgui_ = std::make_unique<ImGuiLayer>(app->window_->handle(), app->session_->state().settings, monitor_scale,
                                             headless);
  app->session_->set_monitor_scale(monitor_scale);
  app->view_ = std::make_unique<MachineView>();

  auto glyphs = atlas.get();
  if (glyphs) {
    app->renderer_->set_glyph_atlas(std::move(*glyphs));
  } else {
    // The machine still works without letters; say so once.
    std::cerr << "attention-machine: labels are off: " << glyphs.error() << "\n";
  }
  return app;
}

void MachineApp::place_camera(bool glide, int width, int height) {
  const float aspect = height > 0 ? static_cast<float>(width) / static_cast<float>(height) : 1.6f;
  const render::CameraPose pose =
      named_pose(session_->camera_pose(), session_->state().selected_layer, view_->scene(), aspect, camera_.fov_y);
  if (glide) camera_.request_pose(pose);
  else camera_.set_pose(pose);
}

void MachineApp::handle_mouse(int width, int height) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureMouse) {
    hovered_ = 0;
    return;
  }
  if (io.MouseDown[0]) camera_.orbit(io.MouseDelta.x, io.MouseDelta.y);
  if (io.MouseDown[1] || io.MouseDown[2]) camera_.pan(io.MouseDelta.x, io.MouseDelta.y, io.DisplaySize.y);
  if (io.MouseWheel != 0.0f) camera_.zoom(io.MouseWheel);

  // Picking works in window coordinates (the framebuffer may be larger on HiDPI).
  hovered_ = 0;
  if (ImGui::IsMousePosValid() && io.DisplaySize.x > 0 && io.DisplaySize.y > 0) {
    const float aspect = static_cast<float>(width) / static_cast<float>(std::max(height, 1));
    const render::Ray ray = render::ray_through_pixel({io.MousePos.x, io.MousePos.y}, {io.DisplaySize.x, io.DisplaySize.y},
                                                      camera_.view(), camera_.projection(aspect));
    hovered_ = render::pick(view_->scene().draw, ray, 0.02f).id;
  }
  // A click (press and release without dragging) acts on what is under the cursor.
  if (io.MouseReleased[0] && io.MouseDragMaxDistanceSqr[0] < 16.0f && hovered_ != 0) {
    if (const machine::Part* part = view_->part(hovered_)) {
      selected_ = view_->describe(hovered_);
      session_->click(*part);
    }
  }
}

void MachineApp::sync_quality() {
  const int wanted = session_->state().settings.quality;
  if (wanted != static_cast<int>(quality_choice_) && wanted >= 0 && wanted < ui::kQualityChoiceCount) {
    quality_choice_ = static_cast<render::QualityChoice>(wanted);
    adapt_ = render::AdaptState{};
    adapt_.tier = render::initial_quality(quality_choice_, gl_renderer_);
  }
  if (adapt_.tier != renderer_->quality()) {
    if (auto s = renderer_->set_quality(adapt_.tier); !s) {
      session_->set_status("Quality " + std::string(render::quality_tier_name(adapt_.tier)) + " is unavailable: " + s.error(),
                           true);
      adapt_.tier = renderer_->quality();
    }
  }
  session_->mutable_state().quality_active = render::quality_tier_name(renderer_->quality());
}

void MachineApp::note_frame_time(double now_seconds, double frame_ms) {
  if (quality_choice_ != render::QualityChoice::kAuto) return;
  adapt_ = render::adapt_quality(std::move(adapt_), now_seconds, frame_ms, render::quality_ceiling(quality_choice_));
}

Result<FrameReport> MachineApp::draw_frame(unsigned target, int width, int height, double time_seconds,
                                           bool interactive) {
  FrameReport report;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  if (!interactive) {
    // Headless: the offscreen target is the display, whatever the hidden window says.
    io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
    io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
  }
  ImGui::NewFrame();
  // The panels exist after the first frame; then they are fitted to the window.
  if (frames_drawn_ == 1 && !imgui_->layout_loaded()) fit_panels_to_display(io.DisplaySize.x, io.DisplaySize.y);
  ++frames_drawn_;

  ui::InspectorView inspector;
  if (interactive && hovered_ != 0) inspector.hovered = view_->describe(hovered_);
  inspector.selected = selected_;
  const double dt = last_time_ < 0.0 ? 0.0 : std::max(0.0, time_seconds - last_time_);
  last_time_ = time_seconds;
  const auto tu = Clock::now();
  const machine::SceneInput& input = session_->frame(time_seconds, dt, last_frame_ms_, inspector, report.requests);
  report.ui_ms = std::chrono::duration<double, std::milli>(Clock::now() - tu).count();

  const double cpu0 = thread_cpu_ms();
  const auto t0 = Clock::now();
  view_->build(input);
  report.build_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  double cpu_ms = thread_cpu_ms() - cpu0;
  if (report.requests.camera_changed || report.requests.reset_camera) {
    const bool glide = interactive && last_frame_ms_ > 0.0 && !session_->state().settings.reduced_motion;
    place_camera(glide, width, height);
  }

  if (interactive) handle_mouse(width, height);
  ImGui::Render();

  const float aspect = static_cast<float>(width) / static_cast<float>(std::max(height, 1));
  render::FrameView fv;
  fv.view = camera_.view();
  fv.projection = camera_.projection(aspect);
  fv.eye = camera_.eye();
  fv.width = width;
  fv.height = height;
  fv.hovered = hovered_;
  fv.time = static_cast<float>(time_seconds);
  sync_quality();
  const double cpu1 = thread_cpu_ms();
  const auto t1 = Clock::now();
  auto stats = renderer_->render(view_->scene().draw, fv, target);
  report.submit_ms = std::chrono::duration<double, std::milli>(Clock::now() - t1).count();
  cpu_ms += thread_cpu_ms() - cpu1;
  if (!stats) return fail(stats.error());
  report.stats = *stats;
  report.cpu_ms = cpu_ms;

  // ImGui on top, in the same target (the renderer leaves it bound).
  glBindFramebuffer(GL_FRAMEBUFFER, target);
  glViewport(0, 0, width, height);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  last_frame_ms_ = std::chrono::duration<double, std::milli>(Clock::now() - tu).count();
  return report;
}

}  // namespace am::app

#include "machine_app.hpp"

#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <iostream>

#include "am/render/asset_paths.hpp"
#include "am/render/picking.hpp"
#include "camera_presets.hpp"
#include "focus_overlay.hpp"
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

  auto shader_dir = render::find_shader_dir();
  if (!shader_dir) return fail(shader_dir.error());
  render::RendererOptions ro;
  ro.shader_dir = *shader_dir;
  if (const char* p = std::getenv("AM_PROFILE_PASSES"); p != nullptr && *p == '1') ro.profile_passes = true;
  if (const char* p = std::getenv("AM_MSAA_SAMPLES"); p != nullptr) ro.msaa_samples = std::atoi(p);
  if (const char* p = std::getenv("AM_SHADOW_SIZE"); p != nullptr) ro.shadow_map_size = std::atoi(p);
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

void MachineApp::place_camera(bool glide) {
  const float aspect = viewport_.h > 0 ? static_cast<float>(viewport_.w) / static_cast<float>(viewport_.h) : 1.6f;
  const render::Framing f = solved_pose(session_->camera_pose(), session_->focus(), view_->scene(), view_->input(),
                                        aspect, camera_.fov_y);
  if (glide) camera_.request_pose(f.pose);
  else camera_.set_pose(f.pose);
  posed_viewport_ = viewport_;
  user_moved_ = false;
}

void MachineApp::record_view_facts(const FocusFacts& facts) {
  const auto rect = [](const ui::ScreenRect& r) {
    return nlohmann::ordered_json::array({std::lround(r.x), std::lround(r.y), std::lround(r.w), std::lround(r.h)});
  };
  nlohmann::ordered_json j;
  j["viewport"] = {viewport_.x, viewport_.y, viewport_.w, viewport_.h};
  j["focus"] = facts.focus ? rect(*facts.focus) : nlohmann::ordered_json(nullptr);
  j["focus_parts"] = facts.parts;
  nlohmann::ordered_json callouts = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < facts.callouts.size(); ++i)
    callouts.push_back({{"text", facts.callout_texts[i]}, {"rect", rect(facts.callouts[i])}});
  j["callouts"] = callouts;
  session_->set_view_facts(std::move(j));
}

void MachineApp::handle_mouse(int width, int height) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureMouse) {
    hovered_ = 0;
    return;
  }
  const bool moved = io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f;
  if (io.MouseDown[0] && moved) camera_.orbit(io.MouseDelta.x, io.MouseDelta.y);
  if ((io.MouseDown[1] || io.MouseDown[2]) && moved)
    camera_.pan(io.MouseDelta.x, io.MouseDelta.y, static_cast<float>(viewport_.h));
  if (io.MouseWheel != 0.0f) camera_.zoom(io.MouseWheel);
  // The user's own view is kept until the chapter changes (or Home).
  if (((io.MouseDown[0] || io.MouseDown[1] || io.MouseDown[2]) && moved) || io.MouseWheel != 0.0f) user_moved_ = true;

  // Picking works in window coordinates (the framebuffer may be larger on HiDPI).
  hovered_ = 0;
  if (ImGui::IsMousePosValid() && io.DisplaySize.x > 0 && io.DisplaySize.y > 0) {
    // Framebuffer pixels per window pixel (HiDPI); the viewport is in framebuffer pixels.
    const float sx = static_cast<float>(width) / io.DisplaySize.x, sy = static_cast<float>(height) / io.DisplaySize.y;
    const float aspect = static_cast<float>(viewport_.w) / static_cast<float>(std::max(viewport_.h, 1));
    const render::Ray ray = render::ray_through_pixel(
        {io.MousePos.x * sx - static_cast<float>(viewport_.x), io.MousePos.y * sy - static_cast<float>(viewport_.y)},
        {static_cast<float>(viewport_.w), static_cast<float>(viewport_.h)}, camera_.view(), camera_.projection(aspect));
    hovered_ = render::pick(view_->scene().draw, ray, 0.02f).id;
  }
  // A click (press and release without dragging) acts on what is under the cursor.
  if (io.MouseReleased[0] && io.MouseDragMaxDistanceSqr[0] < 16.0f && hovered_ != 0) {
    if (const machine::Part* part = view_->part(hovered_)) {
      selected_ = view_->describe(hovered_);
      selected_part_ = *part;
      session_->click(*part);
    }
  }
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

  // The clicked part described afresh from last frame's scene, so its numbers are never stale.
  if (selected_part_) {
    const machine::Part& want = *selected_part_;
    const auto& parts = view_->scene().parts;
    bool found = false;
    for (std::size_t i = 0; i < parts.size() && !found; ++i) {
      const machine::Part& p = parts[i];
      if (p.kind == want.kind && p.layer == want.layer && p.head == want.head && p.position == want.position &&
          p.key == want.key && p.index == want.index) {
        selected_ = view_->describe(static_cast<render::PickId>(i + 1));
        found = true;
      }
    }
    if (!found) {
      selected_.clear();  // the part is no longer drawn (another text, another plate)
      selected_part_.reset();
    }
  }
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
  // Until the frame layout gives the 3D view its own rectangle, it is the whole window.
  viewport_ = {0, 0, width, height};
  if (report.requests.camera_changed || report.requests.reset_camera) {
    const bool glide = interactive && last_frame_ms_ > 0.0 && !session_->state().settings.reduced_motion;
    place_camera(glide);
  } else if (!user_moved_ && (viewport_.w != posed_viewport_.w || viewport_.h != posed_viewport_.h)) {
    place_camera(false);  // a resize re-solves the chapter's framing, unless the user chose a view
  }

  if (interactive) handle_mouse(width, height);
  if (interactive && hovered_ != 0) {
    // The hovered part's numbers at the cursor; the inspector keeps the clicked one.
    const std::string tip = view_->describe(hovered_);
    if (!tip.empty()) ImGui::SetTooltip("%s", tip.c_str());
  }
  // Callouts at least 13 px, growing with the UI font (which carries the DPI scale).
  const float label_px = std::max(13.0f, ImGui::GetFontSize());
  // ImGui draws in window coordinates; the viewport is in framebuffer pixels (they differ on HiDPI).
  const float fx = io.DisplayFramebufferScale.x > 0.0f ? io.DisplayFramebufferScale.x : 1.0f;
  const float fy = io.DisplayFramebufferScale.y > 0.0f ? io.DisplayFramebufferScale.y : 1.0f;
  const ui::ViewportRect in_window{static_cast<int>(std::lround(viewport_.x / fx)), static_cast<int>(std::lround(viewport_.y / fy)),
                                   static_cast<int>(std::lround(viewport_.w / fx)), static_cast<int>(std::lround(viewport_.h / fy))};
  record_view_facts(draw_focus_overlay(session_->focus(), view_->scene(), view_->input(), session_->state(), camera_,
                                       in_window, label_px));
  ImGui::Render();

  const float aspect = static_cast<float>(viewport_.w) / static_cast<float>(std::max(viewport_.h, 1));
  render::FrameView fv;
  fv.view = camera_.view();
  fv.projection = camera_.projection(aspect);
  fv.eye = camera_.eye();
  fv.width = width;
  fv.height = height;
  fv.hovered = hovered_;
  fv.time = static_cast<float>(time_seconds);
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

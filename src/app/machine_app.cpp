#include "machine_app.hpp"

#include "am/ui/tracing_state.hpp"

// glad first: GLFW would otherwise bring in the system's gl.h.
#include <glad/gl.h>

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <future>
#include <iostream>
#include <utility>

#include "am/render/asset_paths.hpp"
#include "am/render/picking.hpp"
#include "am/ui/input_events.hpp"
#include "beat_overlay.hpp"
#include "camera_presets.hpp"
#include "focus_overlay.hpp"
#include "process_stats.hpp"
#include "view_camera.hpp"

namespace am::app {
namespace {

// input_events.hpp spells GLFW's numbers without including GLFW.
static_assert(ui::keys::kRight == GLFW_KEY_RIGHT && ui::keys::kLeft == GLFW_KEY_LEFT &&
                  ui::keys::kUp == GLFW_KEY_UP && ui::keys::kDown == GLFW_KEY_DOWN &&
                  ui::keys::kHome == GLFW_KEY_HOME && ui::keys::kEnd == GLFW_KEY_END &&
                  ui::keys::kSpace == GLFW_KEY_SPACE && ui::keys::kEscape == GLFW_KEY_ESCAPE &&
                  ui::keys::kEnter == GLFW_KEY_ENTER && ui::keys::kTab == GLFW_KEY_TAB &&
                  ui::keys::kPageUp == GLFW_KEY_PAGE_UP && ui::keys::kPageDown == GLFW_KEY_PAGE_DOWN &&
                  ui::keys::kBackspace == GLFW_KEY_BACKSPACE && ui::keys::kDelete == GLFW_KEY_DELETE &&
                  ui::keys::kF1 == GLFW_KEY_F1 && ui::keys::kF12 == GLFW_KEY_F12 &&
                  ui::keys::kA == GLFW_KEY_A && ui::keys::kZ == GLFW_KEY_Z && ui::keys::k0 == GLFW_KEY_0 &&
                  ui::keys::k9 == GLFW_KEY_9 && ui::keys::kPress == GLFW_PRESS &&
                  ui::keys::kRelease == GLFW_RELEASE && ui::keys::kRepeat == GLFW_REPEAT &&
                  ui::keys::kModShift == GLFW_MOD_SHIFT && ui::keys::kModControl == GLFW_MOD_CONTROL &&
                  ui::keys::kModAlt == GLFW_MOD_ALT && ui::keys::kModSuper == GLFW_MOD_SUPER,
              "input_events.hpp's key codes must be GLFW's");

// The window's callbacks: each event into the session's queue. ImGui's backend is
// installed after these and calls them from its own, so both see every event.
ui::InputQueue* queue_of(GLFWwindow* window) {
  return static_cast<ui::InputQueue*>(glfwGetWindowUserPointer(window));
}

void on_key(GLFWwindow* window, int key, int /*scancode*/, int action, int mods) {
  if (ui::InputQueue* q = queue_of(window)) q->push({ui::InputKind::kKey, key, action, mods});
}

void on_mouse_button(GLFWwindow* window, int button, int action, int mods) {
  double x = 0.0, y = 0.0;
  glfwGetCursorPos(window, &x, &y);
  ui::InputEvent e{ui::InputKind::kMouseButton, button, action, mods};
  e.x = static_cast<float>(x);
  e.y = static_cast<float>(y);
  if (ui::InputQueue* q = queue_of(window)) q->push(e);
}

// A file dropped on the window: the session opens it (a view or a lesson).
void on_drop(GLFWwindow* window, int count, const char** paths) {
  if (ui::InputQueue* q = queue_of(window); q != nullptr && count > 0) q->push_drop(paths[count - 1]);
}

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
  // The session (every run's checkpoints, manifest and analysis: no GL) loads on a second
  // thread while this one opens the window and its GL context: the first frame comes sooner.
  auto loading =
      std::async(std::launch::async, [&options, headless] { return UiSession::create(options, headless); });
  auto window = GlWindow::create(options.width, options.height, visible, "Attention Machine");
  auto session = loading.get();
  if (!session) return fail(session.error());  // the session's message first, as before
  app->session_ = std::move(*session);
  if (!window) return fail(window.error());
  app->window_ = std::move(*window);

  if (const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER)); name != nullptr)
    app->gl_renderer_ = name;
  // The command line wins; headless runs default to High so their pictures repeat anywhere.
  app->quality_choice_ = options.quality ? *options.quality
                         : headless      ? render::QualityChoice::kHigh
                                         : app->session_->state().settings.quality;
  app->session_->mutable_state().settings.quality = app->quality_choice_;
  app->adapt_.tier = render::initial_quality(app->quality_choice_, app->gl_renderer_);

  auto shader_dir = render::find_shader_dir();
  if (!shader_dir) return fail(shader_dir.error());
  render::RendererOptions ro;
  ro.shader_dir = *shader_dir;
  if (const char* p = std::getenv("AM_PROFILE_PASSES"); p != nullptr && *p == '1') ro.profile_passes = true;
  if (const char* p = std::getenv("AM_MSAA_SAMPLES"); p != nullptr) ro.msaa_samples = std::atoi(p);
  if (const char* p = std::getenv("AM_SHADOW_SIZE"); p != nullptr) ro.shadow_map_size = std::atoi(p);
  // For measuring what the moving resolution costs (a share, 0 < r <= 1).
  if (const char* p = std::getenv("AM_MOTION_RESOLUTION"); p != nullptr)
    ro.motion_resolution = std::strtof(p, nullptr);
  ro.quality = app->adapt_.tier;
  auto renderer = render::Renderer::create(ro);
  if (!renderer) return fail(renderer.error());
  app->renderer_ = std::move(*renderer);

  // Before ImGui's, which chain to them. Characters go to ImGui's callback alone: the text
  // box is the only thing that reads them.
  app->install_input_callbacks();
  float monitor_scale = 1.0f;
  if (!headless) {
    float sx = 1.0f, sy = 1.0f;
    glfwGetWindowContentScale(app->window_->handle(), &sx, &sy);
    monitor_scale = std::max(sx, sy);
  }
  app->imgui_ = std::make_unique<ImGuiLayer>(app->window_->handle(), app->session_->state().settings,
                                             monitor_scale, headless);
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

void MachineApp::install_input_callbacks() {
  GLFWwindow* w = window_->handle();
  glfwSetWindowUserPointer(w, &session_->input());
  glfwSetKeyCallback(w, on_key);
  glfwSetMouseButtonCallback(w, on_mouse_button);
  glfwSetDropCallback(w, on_drop);
}

void MachineApp::set_size(int width, int height) {
  options_.width = width;
  options_.height = height;
  glfwSetWindowSize(window_->handle(), width, height);
}

void MachineApp::place_camera(bool glide, const ui::ViewportRect& viewport) {
  // Solved from the chapter's focus parts in this frame's scene and the viewport's aspect.
  const render::Framing f = solved_pose(session_->camera_pose(), session_->focus(), view_->scene(),
                                        view_->input(), viewport.aspect(), camera_.fov_y);
  if (glide)
    camera_.request_pose(f.pose);
  else
    camera_.set_pose(f.pose);
  user_moved_camera_ = false;
}

void MachineApp::record_view_facts(const FocusFacts& facts, const BeatOverlayFacts& beat,
                                   const std::vector<DrawnScreenLabel>& screen_labels) {
  const auto rect = [](const ui::ScreenRect& r) {
    return nlohmann::ordered_json::array(
        {std::lround(r.x), std::lround(r.y), std::lround(r.w), std::lround(r.h)});
  };
  nlohmann::ordered_json j;
  j["focus"] = facts.focus ? rect(*facts.focus) : nlohmann::ordered_json(nullptr);
  j["focus_parts"] = facts.parts;
  nlohmann::ordered_json callouts = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < facts.callouts.size(); ++i)
    callouts.push_back({{"text", facts.callout_texts[i]}, {"rect", rect(facts.callouts[i])}});
  j["callouts"] = callouts;
  j["beat_view"] = {{"caption", beat.caption ? rect(*beat.caption) : nlohmann::ordered_json(nullptr)},
                    {"notes", beat.notes}};
  nlohmann::ordered_json labels = nlohmann::ordered_json::array();
  for (const DrawnScreenLabel& l : screen_labels)
    labels.push_back(
        {{"text", l.text}, {"x", l.box.x}, {"y", l.box.y}, {"w", l.box.w}, {"h", l.box.h}, {"px", l.px}});
  j["screen_labels"] = labels;
  session_->set_view_facts(std::move(j));
}

void MachineApp::handle_mouse(const ui::ViewportRect& vp) {
  const ImGuiIO& io = ImGui::GetIO();
  // Clicks come from the queued button events: a press and its release inside one
  // frame still count. A click is a release close to its press, both on the machine.
  for (const ui::InputEvent& e : session_->frame_events()) {
    if (e.kind != ui::InputKind::kMouseButton || e.code < 0 || e.code > 2) continue;
    const auto b = static_cast<std::size_t>(e.code);
    if (e.action == ui::keys::kPress) {
      press_x_[b] = e.x;
      press_y_[b] = e.y;
      press_in_view_[b] = vp.contains(e.x, e.y) && !io.WantCaptureMouse;
      continue;
    }
    const float dx = e.x - press_x_[b], dy = e.y - press_y_[b];
    if (b == 0 && press_in_view_[b] && dx * dx + dy * dy < 16.0f && !vp.empty()) {
      const render::Ray ray =
          render::ray_through_pixel({e.x - static_cast<float>(vp.x), e.y - static_cast<float>(vp.y)},
                                    {static_cast<float>(vp.w), static_cast<float>(vp.h)}, camera_.view(),
                                    camera_.projection(vp.aspect()));
      const render::PickId id = render::pick(view_->scene().draw, ray, 0.02f).id;
      if (const machine::Part* part = id != 0 ? view_->part(id) : nullptr) {
        selected_ = view_->describe(id);
        selected_part_ = *part;
        selected_chapter_ = session_->state().chapter;
        session_->click(*part);
      }
    }
    press_in_view_[b] = false;
  }
  hovered_ = 0;
  if (io.WantCaptureMouse) return;
  // Drags that began on the machine turn, pan and zoom it; the viewport's height scales the pan.
  if (io.MouseDown[0] && press_in_view_[0]) {
    camera_.orbit(io.MouseDelta.x, io.MouseDelta.y);
    user_moved_camera_ = user_moved_camera_ || io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f;
  }
  if ((io.MouseDown[1] && press_in_view_[1]) || (io.MouseDown[2] && press_in_view_[2])) {
    camera_.pan(io.MouseDelta.x, io.MouseDelta.y, static_cast<float>(std::max(vp.h, 1)));
    user_moved_camera_ = user_moved_camera_ || io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f;
  }
  if (!ImGui::IsMousePosValid() || !vp.contains(io.MousePos.x, io.MousePos.y)) return;
  if (io.MouseWheel != 0.0f) {
    camera_.zoom(io.MouseWheel);
    user_moved_camera_ = true;
  }
  // Picking in UI pixels relative to the viewport (the framebuffer may be larger on HiDPI).
  const render::Ray ray = render::ray_through_pixel(
      {io.MousePos.x - static_cast<float>(vp.x), io.MousePos.y - static_cast<float>(vp.y)},
      {static_cast<float>(vp.w), static_cast<float>(vp.h)}, camera_.view(), camera_.projection(vp.aspect()));
  hovered_ = render::pick(view_->scene().draw, ray, 0.02f).id;
}

void MachineApp::replay_keys_for_imgui() {
  // ImGui 1.86 reads which keys are down at NewFrame: a press and its release that both
  // came since the last frame (a quick tap after a slow frame on a software rasteriser)
  // would never reach the text box. The window's key events are replayed instead, one
  // change per key per frame, over whatever the GLFW backend's callbacks wrote.
  // The shortcuts see the same keys in the same frame (the queue hands them out).
  ImGuiIO& io = ImGui::GetIO();
  const ui::KeyReplay& keys = session_->input().replay_frame();
  for (int k = 0; k < IM_ARRAYSIZE(io.KeysDown); ++k) io.KeysDown[k] = keys.down(k);
  const auto down = [&](int a, int b) { return io.KeysDown[a] || io.KeysDown[b]; };
  io.KeyCtrl = down(GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL);
  io.KeyShift = down(GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT);
  io.KeyAlt = down(GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT);
  io.KeySuper = down(GLFW_KEY_LEFT_SUPER, GLFW_KEY_RIGHT_SUPER);
}

void MachineApp::sync_quality() {
  const QualityChoice wanted = session_->state().settings.quality;
  if (wanted != quality_choice_) {
    quality_choice_ = wanted;
    adapt_ = render::AdaptState{};
    adapt_.tier = render::initial_quality(quality_choice_, gl_renderer_);
  }
  if (adapt_.tier != renderer_->quality()) {
    if (auto s = renderer_->set_quality(adapt_.tier); !s) {
      session_->set_status(
          "Quality " + std::string(render::quality_tier_name(adapt_.tier)) + " is unavailable: " + s.error(),
          true);
      adapt_.tier = renderer_->quality();
    }
  }
  session_->mutable_state().quality_active = render::quality_tier_name(renderer_->quality());
}

void MachineApp::note_frame_time(double now_seconds, double frame_ms) {
  if (quality_choice_ != render::QualityChoice::kAuto) return;
  adapt_ = render::adapt_quality(std::move(adapt_), now_seconds, frame_ms,
                                 render::quality_ceiling(quality_choice_));
}

Result<FrameReport> MachineApp::draw_frame(unsigned target, int width, int height, double time_seconds,
                                           bool interactive) {
  FrameReport report;
  ImGui_ImplOpenGL3_NewFrame();
  // A recording's frames drawn between the window's leave the window's input alone:
  // a click that arrives meanwhile belongs to the window's next frame.
  if (!offscreen_only_) ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  if (!interactive) {
    // Headless: the offscreen target is the display, whatever the hidden window says.
    io.DisplaySize =
        ImVec2(static_cast<float>(width) / offscreen_scale_, static_cast<float>(height) / offscreen_scale_);
    io.DisplayFramebufferScale = ImVec2(offscreen_scale_, offscreen_scale_);
  }
  if (!offscreen_only_) replay_keys_for_imgui();
  ImGui::NewFrame();
  ++frames_drawn_;

  // The clicked part described afresh from last frame's scene, so its numbers are never stale.
  // It follows the chapter's focus: another chapter, or another query character chosen
  // elsewhere (keys, a script, Show me), lets go of it; then the inspector shows the query's slug.
  const int query = ui::resolved_query(session_->state());
  using machine::PartKind;
  if (selected_part_ &&
      (session_->state().chapter != selected_chapter_ ||
       (selected_part_->kind != PartKind::kRackHead && selected_part_->kind != PartKind::kHeadPlate &&
        selected_part_->kind != PartKind::kProbabilityColumn && selected_part_->kind != PartKind::kDrum &&
        selected_part_->position >= 0 && selected_part_->position != query))) {
    selected_part_.reset();
    selected_.clear();
  }
  if (!selected_part_) {
    selected_.clear();
    const auto& parts = view_->scene().parts;
    for (std::size_t i = 0; i < parts.size() && selected_.empty(); ++i)
      if (parts[i].kind == PartKind::kSlug && parts[i].position == query)
        selected_ = view_->describe(static_cast<render::PickId>(i + 1));
  }
  if (selected_part_) {
    const machine::Part& want = *selected_part_;
    const auto& parts = view_->scene().parts;
    bool found = false;
    for (std::size_t i = 0; i < parts.size() && !found; ++i) {
      const machine::Part& p = parts[i];
      if (p.kind == want.kind && p.layer == want.layer && p.head == want.head &&
          p.position == want.position && p.key == want.key && p.index == want.index) {
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
  if (interactive && hovered_ != 0)
    if (const machine::Part* part = view_->scene().part(hovered_))
      inspector.traced_part = ui::attribution_part_of(*part);
  inspector.selected = selected_;
  const double dt = last_time_ < 0.0 ? 0.0 : std::max(0.0, time_seconds - last_time_);
  last_time_ = time_seconds;
  const auto tu = Clock::now();
  session_->note_camera(view_camera_of(camera_.pose()));
  SceneFrame drawn = session_->frame(time_seconds, dt, last_frame_ms_, inspector, report.requests);
  report.ui_ms = std::chrono::duration<double, std::milli>(Clock::now() - tu).count();

  const double cpu0 = thread_cpu_ms();
  const auto t0 = Clock::now();
  view_->build(std::move(drawn.pass), std::move(drawn.input));
  report.build_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  double cpu_ms = thread_cpu_ms() - cpu0;
  // The machine lives in the viewport the frame leaves (UI pixels, top-left origin).
  const ui::ViewportRect vp = session_->layout().viewport;
  const bool viewport_resized = vp.w != last_viewport_.w || vp.h != last_viewport_.h;
  last_viewport_ = vp;
  if (report.requests.view_camera) {
    // An opened view's own camera, where it was saved: no glide, no reframing on resize.
    camera_.set_pose(camera_pose_of(*report.requests.view_camera));
    user_moved_camera_ = true;
  } else if (report.requests.camera_changed || report.requests.reset_camera) {
    const bool glide = interactive && last_frame_ms_ > 0.0 && !session_->state().settings.reduced_motion;
    place_camera(glide, vp);
  } else if (viewport_resized && !user_moved_camera_) {
    place_camera(false, vp);  // a new aspect frames the chapter's view anew, unless the user moved it
  } else if (report.requests.beat_focus_changed && (session_->beat() || !user_moved_camera_)) {
    // A beat about other parts, or a text of another length (typed, written, a chapter's
    // example: the row of slugs and dials grows), moves the camera only when the parts
    // would leave the frame where the camera is going (a glide already under way may be
    // enough). A camera moved by hand stays, unless a beat on show points at the parts.
    const machine::Box box = focus_box(session_->focus(), view_->scene(), view_->input());
    render::OrbitCamera landed = camera_;
    landed.update(1e6f);  // to the end of any glide
    if (!box.empty() && !stays_in_frame(box.lo, box.hi, landed, vp.aspect())) {
      const bool glide = interactive && last_frame_ms_ > 0.0 && !session_->state().settings.reduced_motion;
      place_camera(glide, vp);
    }
  }

  if (interactive) handle_mouse(vp);
  if (interactive && hovered_ != 0) {
    // The hovered part's numbers at the cursor; the inspector keeps the clicked one.
    const std::string tip = view_->describe(hovered_);
    if (!tip.empty()) ImGui::SetTooltip("%s", tip.c_str());
  }
  // Callouts at least 13 px, growing with the UI font (which carries the DPI scale);
  // the viewport is in UI pixels, as ImGui draws.
  const float label_px = std::max(13.0f, ImGui::GetFontSize());
  const std::optional<ui::Beat>& beat = session_->beat();
  // The callouts and the beat's card on top (channel 1), the engraved labels' screen
  // twins under them (channel 0), placed off the boxes those took.
  ImDrawList* background = ImGui::GetBackgroundDrawList();
  background->ChannelsSplit(2);
  background->ChannelsSetCurrent(1);
  const FocusFacts facts = draw_focus_overlay(session_->focus(), view_->scene(), view_->input(),
                                              session_->state(), camera_, vp, label_px, !beat.has_value());
  const BeatOverlayFacts beat_facts =
      beat ? draw_beat_overlay(beat->caption, view_->scene(), camera_, vp, facts.focus, label_px)
           : BeatOverlayFacts{};
  std::vector<ui::ScreenRect> taken = facts.callouts;
  if (beat_facts.caption) taken.push_back(*beat_facts.caption);
  taken.insert(taken.end(), beat_facts.note_boxes.begin(), beat_facts.note_boxes.end());
  background->ChannelsSetCurrent(0);
  const std::vector<DrawnScreenLabel> screen_labels =
      draw_screen_labels(view_->scene().draw.labels, camera_, vp, label_px, taken);
  background->ChannelsMerge();
  record_view_facts(facts, beat_facts, screen_labels);
  ImGui::Render();

  // Framebuffer pixels (HiDPI: larger than UI pixels), GL's bottom-left origin.
  const float sx = io.DisplaySize.x > 0.0f ? static_cast<float>(width) / io.DisplaySize.x : 1.0f;
  const float sy = io.DisplaySize.y > 0.0f ? static_cast<float>(height) / io.DisplaySize.y : 1.0f;
  const int fb_x = static_cast<int>(std::lround(static_cast<float>(vp.x) * sx));
  const int fb_top = static_cast<int>(std::lround(static_cast<float>(vp.y) * sy));
  const int fb_w = std::min(static_cast<int>(std::lround(static_cast<float>(vp.w) * sx)), width - fb_x);
  const int fb_h = std::min(static_cast<int>(std::lround(static_cast<float>(vp.h) * sy)), height - fb_top);
  // Behind the bars: the frame's own colour (the renderer draws only the viewport).
  glBindFramebuffer(GL_FRAMEBUFFER, target);
  glViewport(0, 0, width, height);
  glDisable(GL_SCISSOR_TEST);
  glClearColor(0.07f, 0.06f, 0.05f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);

  render::FrameView fv;
  fv.view = camera_.view();
  fv.projection = camera_.projection(vp.aspect());
  fv.eye = camera_.eye();
  fv.width = std::max(fb_w, 0);
  fv.height = std::max(fb_h, 0);
  fv.x = fb_x;
  fv.y = height - fb_top - std::max(fb_h, 0);
  fv.hovered = hovered_;
  fv.time = static_cast<float>(time_seconds);
  // Beats playing change the picture every frame (a sharp frame follows when they stop).
  fv.in_motion = session_->state().beat.playing;
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
  renderer_->end_frame();
  // While frames keep coming the window never goes idle, where the heap's free pages are
  // handed back: once a second here too (a few milliseconds; every frame cost 7-10 % of
  // the frame rate).
  if (const auto now = Clock::now(); now - last_heap_release_ >= std::chrono::seconds(1)) {
    release_free_heap();
    last_heap_release_ = now;
  }
  last_frame_ms_ = std::chrono::duration<double, std::milli>(Clock::now() - tu).count();
  return report;
}

}  // namespace am::app

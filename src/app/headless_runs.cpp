// Running without a person: --screenshot renders offscreen and writes a PNG;
// --bench-frames draws frames as fast as it can and prints the timings.
#include <glad/gl.h>
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdlib>
#include <cstdlib>
#include <ctime>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "am/render/screenshot.hpp"
#include "machine_app.hpp"
#include "offscreen_target.hpp"

namespace am::app {
namespace {

// Beads stand mid-way along their threads at this moment: a fixed time keeps
// screenshots identical from run to run.
constexpr double kScreenshotTime = 1.25;
constexpr int kScreenshotFrames = 3;

// CPU time of every thread of the process (llvmpipe renders on its own threads):
// unlike wall time, it barely changes when other programs share the machine.
double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(std::clamp(p * static_cast<double>(v.size() - 1), 0.0, static_cast<double>(v.size() - 1)));
  return v[i];
}

}  // namespace

Status render_offscreen_png(MachineApp& app, const std::filesystem::path& out, double time_seconds, int frames) {
  const int w = app.options().width, h = app.options().height;
  OffscreenTarget target;
  if (auto s = target.create(w, h); !s) return s;
  for (int i = 0; i < frames; ++i) {
    auto frame = app.draw_frame(target.framebuffer(), w, h, time_seconds, false);
    if (!frame) return fail(frame.error());
  }
  const render::Image image = render::read_framebuffer(target.framebuffer(), w, h);
  return render::write_png(out, image);
}

int run_screenshot(MachineApp& app, const std::filesystem::path& out) {
  // The first frames size the panels (ImGui fits windows to their contents over two frames).
  if (auto s = render_offscreen_png(app, out, kScreenshotTime, kScreenshotFrames); !s) {
    std::cerr << "attention-machine: " << s.error() << "\n";
    return 1;
  }
  std::cout << "wrote " << out.string() << " (" << app.options().width << "x" << app.options().height << ")\n";
  return 0;
}

int run_script(MachineApp& app, const std::filesystem::path& script, const std::optional<std::filesystem::path>& dump) {
  UiSession& session = app.session();
  if (auto s = session.start_script(script); !s) {
    std::cerr << s.error() << "\n";
    return 2;
  }
  int w = app.options().width, h = app.options().height;
  OffscreenTarget target;
  if (auto s = target.create(w, h); !s) {
    std::cerr << "attention-machine: " << s.error() << "\n";
    return 1;
  }
  // One command per frame, as in the window; the clock is fixed so screenshots repeat.
  // While a "wait" lasts, frames keep coming (real key events from the window included).
  // One more frame after the last command, so the dump sees its effect (a resize's layout).
  for (bool last = false; session.script_running() || !last;) {
    last = !session.script_running();
    glfwPollEvents();
    auto frame = app.draw_frame(target.framebuffer(), w, h, kScreenshotTime, false);
    if (!frame) {
      std::cerr << "attention-machine: " << frame.error() << "\n";
      return 1;
    }
    if (frame->requests.resize) {
      const auto [nw, nh] = *frame->requests.resize;
      app.set_size(nw, nh);
      w = nw;
      h = nh;
      OffscreenTarget resized;
      if (auto s = resized.create(w, h); !s) {
        std::cerr << "attention-machine: " << s.error() << "\n";
        return 1;
      }
      target = std::move(resized);
      last = false;  // draw at the new size before the script goes on or the dump is written
    }
    // A script's "screenshot FILE", or F12 / Ctrl+S pressed by "key" (to the pictures folder).
    std::optional<std::filesystem::path> shot = frame->requests.script_screenshot;
    if (!shot && frame->requests.screenshot) shot = screenshot_path();
    if (shot) {
      session.hold_script(true);
      const Status s = render_offscreen_png(app, *shot, kScreenshotTime, kScreenshotFrames);
      session.hold_script(false);
      if (!s) {
        std::cerr << script.string() << ": screenshot: " << s.error() << "\n";
        return 1;
      }
      std::cout << "wrote " << shot->string() << "\n";
    }
  }
  if (session.script_failed()) {
    std::cerr << session.script_error() << "\n";
    return 2;
  }
  if (dump) {
    if (auto s = session.write_dump(*dump); !s) {
      std::cerr << "attention-machine: " << s.error() << "\n";
      return 1;
    }
  }
  return 0;
}

std::filesystem::path screenshot_path() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char name[64];
  std::strftime(name, sizeof name, "attention-machine-%Y%m%d-%H%M%S.png", &local);
  std::error_code ec;
  if (const char* pictures = std::getenv("XDG_PICTURES_DIR"); pictures != nullptr && *pictures == '/' &&
                                                             std::filesystem::is_directory(pictures, ec))
    return std::filesystem::path(pictures) / name;
  return std::filesystem::current_path(ec) / name;
}

namespace {

struct BenchSamples {
  std::vector<double> ui_ms, build_ms, submit_ms, cpu_ms, frame_ms, upload_ms, shadow_ms, main_ms, present_ms;
  std::vector<int> draw_calls;
  int reused = 0;
  double seconds = 0.0, process_cpu_s = 0.0;
  render::FrameStats last;
};

enum class BenchMode { kStill, kOrbit, kScrub, kAblate };

// Draws `frames` frames. kOrbit turns the camera a little each frame, so every frame
// is drawn in full (as while the user drags); kScrub moves the drum one checkpoint a
// frame (as when the slider is dragged); kAblate pulls or pushes a head every frame.
Result<BenchSamples> bench_phase(MachineApp& app, int frames, int width, int height, BenchMode mode, double& clock) {
  const bool orbit = mode == BenchMode::kOrbit;
  ui::AppState& state = app.session().mutable_state();
  const std::vector<std::int64_t>& steps = app.session().steps();
  BenchSamples out;
  const auto start = MachineApp::Clock::now();
  const double cpu_start = process_cpu_seconds();
  auto last = start;
  for (int i = 0; i < frames; ++i) {
    glfwPollEvents();
    if (orbit) app.camera().orbit(2.0f, 0.0f);
    if (mode == BenchMode::kScrub) state.step = steps[static_cast<std::size_t>(i) % steps.size()];
    if (mode == BenchMode::kAblate) {
      const int layer = (i / 4) % 2, head = i % 4;  // every head in turn, in and out
      ui::set_pulled(state, layer, head, !state.pulled.pulled[layer][head]);
    }
    // Beads move as in the app: 60 frames per simulated second.
    clock += 1.0 / 60.0;
    auto frame = app.draw_frame(0, width, height, clock, false);
    if (!frame) return fail(frame.error());
    glfwSwapBuffers(app.window());
    const auto now = MachineApp::Clock::now();
    out.frame_ms.push_back(std::chrono::duration<double, std::milli>(now - last).count());
    last = now;
    out.ui_ms.push_back(frame->ui_ms);
    out.build_ms.push_back(frame->build_ms);
    out.submit_ms.push_back(frame->submit_ms);
    out.cpu_ms.push_back(frame->cpu_ms);
    out.upload_ms.push_back(frame->stats.upload_ms);
    out.shadow_ms.push_back(frame->stats.shadow_ms);
    out.main_ms.push_back(frame->stats.main_ms);
    out.present_ms.push_back(frame->stats.present_ms);
    out.draw_calls.push_back(frame->stats.draw_calls);
    if (frame->stats.static_layer_reused) ++out.reused;
    out.last = frame->stats;
  }
  out.seconds = std::chrono::duration<double>(last - start).count();
  out.process_cpu_s = process_cpu_seconds() - cpu_start;
  return out;
}

void print_phase(const char* title, const BenchSamples& s, int frames) {
  std::vector<double> calls(s.draw_calls.begin(), s.draw_calls.end());
  std::printf("%s (%d frames; %d reused the static layer)\n", title, frames, s.reused);
  std::printf("  UI (script, caches, chapter text, panels): median %.3f ms, p90 %.3f ms, max %.3f ms\n",
              percentile(s.ui_ms, 0.5), percentile(s.ui_ms, 0.9), percentile(s.ui_ms, 1.0));
  std::printf("  scene build: median %.3f ms, p90 %.3f ms\n", percentile(s.build_ms, 0.5), percentile(s.build_ms, 0.9));
  std::printf("  render submission (uploads + GL calls, driver waits included): median %.3f ms, p90 %.3f ms\n",
              percentile(s.submit_ms, 0.5), percentile(s.submit_ms, 0.9));
  std::printf("  CPU per frame, build + submission, this thread (llvmpipe's vertex work included): median %.3f ms, "
              "p90 %.3f ms, p99 %.3f ms\n",
              percentile(s.cpu_ms, 0.5), percentile(s.cpu_ms, 0.9), percentile(s.cpu_ms, 0.99));
  std::printf("  whole frame (rasterising and swap included): median %.2f ms, p90 %.2f ms\n", percentile(s.frame_ms, 0.5),
              percentile(s.frame_ms, 0.9));
  std::printf("  draw calls per frame: median %.0f, max %.0f\n", percentile(calls, 0.5), percentile(calls, 1.0));
  if (percentile(s.main_ms, 0.5) > 0.0)
    std::printf("  passes (AM_PROFILE_PASSES=1, median): upload %.2f ms, shadow %.2f ms, main %.2f ms, resolve + copy %.2f ms\n",
                percentile(s.upload_ms, 0.5), percentile(s.shadow_ms, 0.5), percentile(s.main_ms, 0.5),
                percentile(s.present_ms, 0.5));
  std::printf("  process CPU time per frame, all threads (llvmpipe's rasteriser threads included): %.1f ms\n",
              1000.0 * s.process_cpu_s / static_cast<double>(frames));
  std::printf("  FPS: %.1f\n", s.seconds > 0.0 ? static_cast<double>(frames) / s.seconds : 0.0);
}

}  // namespace

int run_bench(MachineApp& app, int frames) {
  glfwSwapInterval(0);  // measure the machine, not the display's refresh
  int width = 0, height = 0;
  glfwGetFramebufferSize(app.window(), &width, &height);
  // The first frames compile the driver's shader variants (llvmpipe JIT-compiles
  // each program for each state it meets): warm-up, not steady state.
  double clock = 0.0;
  auto warm = bench_phase(app, 3, width, height, BenchMode::kStill, clock);
  if (!warm) {
    std::cerr << "attention-machine: " << warm.error() << "\n";
    return 1;
  }
  const double first_frame_ms =
      std::chrono::duration<double, std::milli>(MachineApp::Clock::now() - app.started()).count() - warm->seconds * 1000.0 -
      warm->frame_ms.back();
  auto still = bench_phase(app, frames, width, height, BenchMode::kStill, clock);
  auto orbiting = still ? bench_phase(app, frames, width, height, BenchMode::kOrbit, clock) : still;
  auto scrubbing = orbiting ? bench_phase(app, frames, width, height, BenchMode::kScrub, clock) : orbiting;
  auto ablating = scrubbing ? bench_phase(app, frames, width, height, BenchMode::kAblate, clock) : scrubbing;
  for (const auto* phase : {&still, &orbiting, &scrubbing, &ablating})
    if (!*phase) {
      std::cerr << "attention-machine: " << phase->error() << "\n";
      return 1;
    }
  const render::FrameStats& st = still->last;
  std::printf("bench at %dx%d on %s\n", width, height, app.gl().gl_description().c_str());
  std::printf("  start to first frame: %.0f ms (model, window, shaders, glyph atlas; the first frame itself %.0f ms)\n",
              first_frame_ms + warm->frame_ms.front(), warm->frame_ms.front());
  std::printf("  scene: %zu instances (%zu triangles at the chosen levels of detail), %zu label glyphs, %zu tube vertices\n",
              st.instances, st.triangles, st.glyphs, st.tube_vertices);
  print_phase("camera still, beads moving", *still, frames);
  print_phase("camera orbiting (every frame drawn in full)", *orbiting, frames);
  print_phase("scrubbing the drum (a new checkpoint every frame)", *scrubbing, frames);
  print_phase("ablating (a head pulled or pushed back every frame)", *ablating, frames);
  return 0;
}

}  // namespace am::app

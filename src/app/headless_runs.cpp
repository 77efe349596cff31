// Running without a person: --screenshot renders offscreen and writes a PNG;
// --bench-frames draws frames as fast as it can and prints the timings.
#include <glad/gl.h>
#include <GLFW/glfw3.h>

#include <algorithm>
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

int run_screenshot(MachineApp& app, const std::filesystem::path& out) {
  const int w = app.options().width, h = app.options().height;
  OffscreenTarget target;
  if (auto s = target.create(w, h); !s) {
    std::cerr << "attention-machine: " << s.error() << "\n";
    return 1;
  }
  app.frame_chapter(app.options().chapter.value_or(0), w, h);
  for (int i = 0; i < kScreenshotFrames; ++i) {
    auto frame = app.draw_frame(target.framebuffer(), w, h, kScreenshotTime, false);
    if (!frame) {
      std::cerr << "attention-machine: " << frame.error() << "\n";
      return 1;
    }
  }
  const render::Image image = render::read_framebuffer(target.framebuffer(), w, h);
  if (auto s = render::write_png(out, image); !s) {
    std::cerr << "attention-machine: " << s.error() << "\n";
    return 1;
  }
  std::cout << "wrote " << out.string() << " (" << w << "x" << h << ")\n";
  return 0;
}

int run_bench(MachineApp& app, int frames) {
  GLFWwindow* window = app.window();
  glfwSwapInterval(0);  // measure the machine, not the display's refresh
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(window, &fb_w, &fb_h);
  app.frame_chapter(app.options().chapter.value_or(0), fb_w, fb_h);
  std::vector<double> cpu_ms, frame_ms, upload_ms, shadow_ms, main_ms, present_ms;
  int max_draw_calls = 0;
  std::size_t instances = 0, triangles = 0, glyphs = 0, tube_vertices = 0;
  double first_frame_ms = 0.0;
  // The first frames compile the driver's shader variants (llvmpipe JIT-compiles
  // each program for each state it meets): they are warm-up, not steady state.
  constexpr int kWarmUp = 3;
  auto bench_start = MachineApp::Clock::now();
  double cpu_start = process_cpu_seconds();
  auto last = bench_start;
  for (int i = -kWarmUp; i < frames; ++i) {
    glfwPollEvents();
    // Beads move as in the app: 60 frames per simulated second.
    auto frame = app.draw_frame(0, fb_w, fb_h, static_cast<double>(i) / 60.0, false);
    if (!frame) {
      std::cerr << "attention-machine: " << frame.error() << "\n";
      return 1;
    }
    glfwSwapBuffers(window);
    const auto now = MachineApp::Clock::now();
    if (i == -kWarmUp) first_frame_ms = std::chrono::duration<double, std::milli>(now - app.started()).count();
    if (i < 0) {
      bench_start = last = now;
      cpu_start = process_cpu_seconds();
      continue;
    }
    frame_ms.push_back(std::chrono::duration<double, std::milli>(now - last).count());
    last = now;
    cpu_ms.push_back(frame->cpu_ms);
    upload_ms.push_back(frame->stats.upload_ms);
    shadow_ms.push_back(frame->stats.shadow_ms);
    main_ms.push_back(frame->stats.main_ms);
    present_ms.push_back(frame->stats.present_ms);
    max_draw_calls = std::max(max_draw_calls, frame->stats.draw_calls);
    instances = frame->stats.instances;
    triangles = frame->stats.triangles;
    glyphs = frame->stats.glyphs;
    tube_vertices = frame->stats.tube_vertices;
  }
  const double total_s = std::chrono::duration<double>(last - bench_start).count();
  const double cpu_total_s = process_cpu_seconds() - cpu_start;
  std::printf("bench: %d frames (after %d warm-up frames) at %dx%d on %s\n", frames, kWarmUp, fb_w, fb_h, app.gl().gl_description().c_str());
  std::printf("  start to first frame: %.0f ms\n", first_frame_ms);
  std::printf("  CPU per frame (scene build + upload + draw submission): median %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms\n",
              percentile(cpu_ms, 0.5), percentile(cpu_ms, 0.9), percentile(cpu_ms, 0.99), percentile(cpu_ms, 1.0));
  std::printf("  whole frame (with GPU/llvmpipe and swap): median %.2f ms, p90 %.2f ms\n", percentile(frame_ms, 0.5),
              percentile(frame_ms, 0.9));
  std::printf("  draw calls per frame: %d; instances %zu (%zu triangles), label glyphs %zu, tube vertices %zu\n",
              max_draw_calls, instances, triangles, glyphs, tube_vertices);
  if (percentile(main_ms, 0.5) > 0.0)
    std::printf("  passes (AM_PROFILE_PASSES=1, median): upload %.2f ms, shadow %.2f ms, main %.2f ms, resolve + copy %.2f ms\n",
                percentile(upload_ms, 0.5), percentile(shadow_ms, 0.5), percentile(main_ms, 0.5), percentile(present_ms, 0.5));
  std::printf("  process CPU time per frame, all threads (llvmpipe included): %.1f ms\n",
              1000.0 * cpu_total_s / static_cast<double>(frames));
  std::printf("  FPS: %.1f\n", total_s > 0.0 ? static_cast<double>(frames) / total_s : 0.0);
  return 0;
}

}  // namespace am::app

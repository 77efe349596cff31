// --bench-frames: draws frames as fast as it can through the app's own frame (script,
// caches, chapter text, panels, scene, renderer) and prints the timings. Compiled into
// attention-machine (it drives the window's MachineApp); kept with the benchmarks.
#include <glad/gl.h>
// GLFW after glad, which must declare the GL functions first
#include <GLFW/glfw3.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "machine_app.hpp"
#include "process_stats.hpp"

namespace am::app {
namespace {

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(
      std::clamp(p * static_cast<double>(v.size() - 1), 0.0, static_cast<double>(v.size() - 1)));
  return v[i];
}

}  // namespace

namespace {

struct BenchSamples {
  std::vector<double> ui_ms, build_ms, submit_ms, cpu_ms, frame_ms, upload_ms, shadow_ms, main_ms, present_ms;
  std::vector<int> draw_calls;
  std::array<int, 3> frames_at_tier{};  // by render::QualityTier
  int reused = 0;
  double seconds = 0.0, process_cpu_s = 0.0;
  render::FrameStats last;
};

enum class BenchMode { kStill, kOrbit, kScrub, kAblate, kPlay };

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
    if (mode == BenchMode::kPlay && !state.beat.playing) {  // the chapter's beats, from the start again when done
      state.beat.chapter = state.chapter;
      ui::play_beats(state.beat, ui::beat_count(state));
    }
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
    ++out.frames_at_tier[static_cast<std::size_t>(app.quality())];
    // Auto adapts as in the window, on the same wall-clock frame times.
    app.note_frame_time(std::chrono::duration<double>(now - app.started()).count(), out.frame_ms.back());
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

namespace {

struct BenchPhase {
  BenchMode mode;
  const char* name;   // --motion's word
  const char* title;
};

constexpr BenchPhase kPhases[] = {
    {BenchMode::kStill, "still", "camera still (beads as the idle policy lets them)"},
    {BenchMode::kOrbit, "orbit", "camera orbiting (every frame drawn in full)"},
    {BenchMode::kScrub, "scrub", "scrubbing the drum (a new checkpoint every frame)"},
    {BenchMode::kAblate, "ablate", "ablating (a head pulled or pushed back every frame)"},
    {BenchMode::kPlay, "play", "playing the chapter's beats (only with --motion play)"},
};

double frames_per_second(const BenchSamples& s) {
  return s.seconds > 0.0 ? static_cast<double>(s.frame_ms.size()) / s.seconds : 0.0;
}

std::string tier_counts(const BenchSamples& s) {
  std::string out;
  for (int t = 2; t >= 0; --t) {
    if (s.frames_at_tier[static_cast<std::size_t>(t)] == 0) continue;
    if (!out.empty()) out += ", ";
    out += std::to_string(s.frames_at_tier[static_cast<std::size_t>(t)]) + " at " +
           render::quality_tier_name(static_cast<render::QualityTier>(t));
  }
  return out;
}

nlohmann::ordered_json phase_json(const BenchSamples& s) {
  std::vector<double> calls(s.draw_calls.begin(), s.draw_calls.end());
  nlohmann::ordered_json j;
  j["frames"] = s.frame_ms.size();
  j["frame_ms"] = {{"p50", percentile(s.frame_ms, 0.5)}, {"p90", percentile(s.frame_ms, 0.9)},
                   {"p99", percentile(s.frame_ms, 0.99)}, {"max", percentile(s.frame_ms, 1.0)}};
  j["frames_per_second"] = frames_per_second(s);
  j["frames_per_second_from_median"] = percentile(s.frame_ms, 0.5) > 0.0 ? 1000.0 / percentile(s.frame_ms, 0.5) : 0.0;
  j["process_cpu_ms_per_frame"] = 1000.0 * s.process_cpu_s / static_cast<double>(std::max<std::size_t>(1, s.frame_ms.size()));
  j["thread_cpu_ms"] = {{"p50", percentile(s.cpu_ms, 0.5)}, {"p90", percentile(s.cpu_ms, 0.9)}};
  j["draw_calls"] = {{"p50", percentile(calls, 0.5)}, {"max", percentile(calls, 1.0)}};
  nlohmann::ordered_json tiers;
  for (int t = 2; t >= 0; --t)
    tiers[render::quality_tier_name(static_cast<render::QualityTier>(t))] = s.frames_at_tier[static_cast<std::size_t>(t)];
  j["frames_at_tier"] = tiers;
  j["static_layer_reused"] = s.reused;
  return j;
}

}  // namespace

int run_bench(MachineApp& app, int frames) {
  glfwSwapInterval(0);  // measure the machine, not the display's refresh
  int width = 0, height = 0;
  glfwGetFramebufferSize(app.window(), &width, &height);
  const std::optional<std::string>& only = app.options().bench_motion;
  const render::QualityTier start_tier = app.quality();
  // The first frames compile the driver's shader variants (llvmpipe JIT-compiles
  // each program for each state it meets): warm-up, not steady state. The first of
  // them is the first frame a person would see.
  double clock = 0.0;
  const auto warm_start = MachineApp::Clock::now();
  auto warm = bench_phase(app, 3, width, height, BenchMode::kStill, clock);
  if (!warm) {
    std::cerr << "attention-machine: " << warm.error() << "\n";
    return 1;
  }
  const double first_frame_ms = warm->frame_ms.front();
  const double since_process_start_ms =
      process_age_ms() - std::chrono::duration<double, std::milli>(MachineApp::Clock::now() - warm_start).count() +
      first_frame_ms;
  const double since_main_ms =
      std::chrono::duration<double, std::milli>(warm_start - app.started()).count() + first_frame_ms;

  std::printf("bench at %dx%d on %s, quality %s (started at %s)\n", width, height, app.gl().gl_description().c_str(),
              render::quality_choice_name(app.quality_choice()), render::quality_tier_name(start_tier));
  std::printf("  start to first frame: %.0f ms from the process start (%.0f ms from main; the first frame itself %.0f ms)\n",
              since_process_start_ms, since_main_ms, first_frame_ms);
  nlohmann::ordered_json json;
  json["width"] = width;
  json["height"] = height;
  json["renderer"] = app.gl().gl_description();
  json["quality_choice"] = render::quality_choice_name(app.quality_choice());
  json["quality_at_start"] = render::quality_tier_name(start_tier);
  json["start_to_first_frame_ms"] = since_process_start_ms;
  json["main_to_first_frame_ms"] = since_main_ms;
  json["first_frame_ms"] = first_frame_ms;
  nlohmann::ordered_json phases;
  bool printed_scene = false;
  for (const BenchPhase& phase : kPhases) {
    if (only ? *only != phase.name : phase.mode == BenchMode::kPlay) continue;
    auto samples = bench_phase(app, frames, width, height, phase.mode, clock);
    if (!samples) {
      std::cerr << "attention-machine: " << samples.error() << "\n";
      return 1;
    }
    if (!printed_scene) {
      const render::FrameStats& st = samples->last;
      std::printf("  scene: %zu instances (%zu triangles at the chosen levels of detail), %zu label glyphs, %zu tube vertices\n",
                  st.instances, st.triangles, st.glyphs, st.tube_vertices);
      printed_scene = true;
    }
    print_phase(phase.title, *samples, frames);
    std::printf("  frame percentiles: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms; quality: %s\n", percentile(samples->frame_ms, 0.5),
                percentile(samples->frame_ms, 0.9), percentile(samples->frame_ms, 0.99), tier_counts(*samples).c_str());
    phases[phase.name] = phase_json(*samples);
  }
  json["phases"] = phases;
  // A keystroke: one more character, then the time until every checkpoint's pass for
  // the new text is cached (the drum can be dragged from then on without waiting).
  {
    ui::AppState& state = app.session().mutable_state();
    ui::set_text(state, state.normalized.text + "e");
    const auto typed = MachineApp::Clock::now();
    const double cpu_typed = process_cpu_seconds();
    clock += 1.0 / 60.0;
    if (auto frame = app.draw_frame(0, width, height, clock, false); !frame) {
      std::cerr << "attention-machine: " << frame.error() << "\n";
      return 1;
    }
    glfwSwapBuffers(app.window());
    const double frame_ms = std::chrono::duration<double, std::milli>(MachineApp::Clock::now() - typed).count();
    while (app.session().background_busy()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const double sweep_ms = std::chrono::duration<double, std::milli>(MachineApp::Clock::now() - typed).count();
    // CPU time too: on a loaded machine the wall time mostly measures waiting for a core.
    const double sweep_cpu_ms = 1000.0 * (process_cpu_seconds() - cpu_typed);
    std::printf("keystroke to the %zu passes nearest the drum cached: %.1f ms (%.1f ms of CPU), of which the frame "
                "drawn for the new text took %.1f ms\n",
                app.session().cached_target(), sweep_ms, sweep_cpu_ms, frame_ms);
    json["keystroke_frame_ms"] = frame_ms;
    json["keystroke_to_near_passes_ms"] = sweep_ms;
    json["keystroke_to_near_passes_cpu_ms"] = sweep_cpu_ms;
    // Every other checkpoint is computed when the drum reaches it: the time a frame waits.
    std::vector<double> on_demand_ms;
    const std::size_t checkpoints = app.session().steps().size();
    for (std::size_t i = 0; i < checkpoints; ++i) {
      const auto start = MachineApp::Clock::now();
      const auto pass = app.session().pass_at(i);
      on_demand_ms.push_back(std::chrono::duration<double, std::milli>(MachineApp::Clock::now() - start).count());
    }
    const double worst = on_demand_ms.empty() ? 0.0 : *std::max_element(on_demand_ms.begin(), on_demand_ms.end());
    std::printf("every checkpoint's pass after that, cached or computed on demand: median %.3f ms, worst %.3f ms (%zu checkpoints)\n",
                percentile(on_demand_ms, 0.5), worst, checkpoints);
    json["pass_on_demand_median_ms"] = percentile(on_demand_ms, 0.5);
    json["pass_on_demand_worst_ms"] = worst;
  }
  json["quality_at_end"] = render::quality_tier_name(app.quality());
  // What this run held at most (the 3,000-action figure of issue 9 is tools/soak.sh's).
  std::printf("peak RSS of this run: %.0f MB\n", process_peak_rss_mb());
  json["peak_rss_mb"] = process_peak_rss_mb();
  if (const auto& path = app.options().bench_json) {
    std::ofstream out(*path);
    out << json.dump(2) << "\n";
    if (!out) {
      std::cerr << "attention-machine: could not write " << path->string() << "\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace am::app

// The interactive frame loop: sleeps until input arrives unless something moves
// (travelling beads, a camera glide, the drum or the beats playing, Write typing, a script
// replaying, a recording). While only the background cache fills, a progress frame every
// tenth of a second; idle, no timer at all. A minimised window draws nothing. How long it
// waits is ui::LoopPacer's rule (am/ui/idle_policy.hpp).
#include <GLFW/glfw3.h>
#include <glad/gl.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <thread>

#include "am/render/screenshot.hpp"
#include "am/ui/text_format.hpp"
#include "machine_app.hpp"
#include "machine_picture.hpp"
#include "process_stats.hpp"
#include "quit_signals.hpp"
#include "recording.hpp"

namespace am::app {
namespace {

// F12 / Ctrl+S and a script's "screenshot": the frame just drawn, before it is shown.
void save_window(MachineApp& app, const std::filesystem::path& path, int width, int height) {
  const render::Image image = render::read_framebuffer(0, width, height);
  if (auto s = render::write_png(path, image); !s)
    app.session().set_status("Screenshot failed: " + s.error(), true);
  else {
    const char* home = std::getenv("HOME");
    app.session().set_status("Screenshot saved to " + ui::path_for_message(path.string(), home ? home : ""));
  }
}

// Shift+F12: the machine alone at 2x, drawn offscreen after the window's frame.
void save_machine_picture(MachineApp& app, double time_seconds) {
  int ui_w = 0, ui_h = 0;
  glfwGetWindowSize(app.window(), &ui_w, &ui_h);
  const std::filesystem::path path = machine_picture_path();
  if (auto s = render_machine_png(app, path, ui_w, ui_h, time_seconds, 2); !s) {
    app.session().set_status("Picture failed: " + s.error(), true);
  } else {
    const char* home = std::getenv("HOME");
    app.session().set_status("Picture of the machine saved to " +
                             ui::path_for_message(path.string(), home ? home : ""));
  }
}

std::unique_ptr<Recording> start_recording(MachineApp& app, const SessionRequests::Recording& asked) {
  int ui_w = 0, ui_h = 0;
  glfwGetWindowSize(app.window(), &ui_w, &ui_h);
  app.set_offscreen_only(true);
  auto r = Recording::start(app, {asked.path, asked.fps, asked.seconds, asked.motion}, ui_w, ui_h);
  app.set_offscreen_only(false);
  if (!r) {
    app.session().recording_ended("Recording failed: " + r.error(), true);
    return nullptr;
  }
  return std::move(*r);
}

// A few frames (about 50 ms), then the window's own frame shows the progress and takes
// the input (Cancel); the window's camera stays where the learner left it meanwhile. True
// when the recording ended: the dialog's new words are not on screen yet.
bool record_some(MachineApp& app, std::unique_ptr<Recording>& recording) {
  const auto until = MachineApp::Clock::now() + std::chrono::milliseconds(50);
  const render::CameraPose window_pose = app.camera().pose();
  app.set_offscreen_only(true);
  Status s = Ok{};
  do {
    s = recording->next_frame(app);
  } while (s && !recording->done() && MachineApp::Clock::now() < until);
  if (s && recording->done()) s = recording->finish();
  app.set_offscreen_only(false);
  app.camera().set_pose(window_pose);
  if (!s) {
    recording.reset();
    app.session().recording_ended("Recording failed: " + s.error(), true);
    return true;
  }
  if (recording->done()) {
    const char* home = std::getenv("HOME");
    const std::string where = ui::path_for_message(recording->path().string(), home ? home : "");
    recording.reset();
    app.session().recording_ended("Recording saved to " + where, false);
    return true;
  }
  app.session().set_recording_progress(recording->progress());
  return false;
}

// --bench-idle N: after N untouched seconds, the CPU and frames of the next 10, printed;
// then the loop is woken to close.
std::jthread start_idle_bench(int settle, std::atomic<int>& frames_drawn, std::atomic<bool>& done) {
  return std::jthread([&frames_drawn, &done, settle](std::stop_token stop) {
    const auto wait = [&](int seconds) {
      for (int i = 0; i < 10 * seconds && !stop.stop_requested(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    };
    wait(settle);
    const double cpu0 = process_cpu_seconds();
    const int frames0 = frames_drawn;
    wait(10);
    const double cpu_ms = 1000.0 * (process_cpu_seconds() - cpu0);
    std::printf(
        "idle: %.1f ms of CPU in the 10 s after %d s untouched (%.2f %% of one core), %d frames drawn; "
        "RSS %.0f MB (peak %.0f MB)\n",
        cpu_ms, settle, cpu_ms / 100.0, frames_drawn - frames0, process_rss_mb(), process_peak_rss_mb());
    std::fflush(stdout);
    done = true;
    glfwPostEmptyEvent();  // wakes the loop, which then closes
  });
}

// What the session asked of the window this frame: pictures, a resize, closing, recording.
// True when the window told the session something (a status line, how a recording ended)
// after the frame was drawn.
bool act_on_requests(MachineApp& app, const SessionRequests& requests, int fb_w, int fb_h, double seconds,
                     std::unique_ptr<Recording>& recording) {
  bool told = false;
  if (requests.screenshot) save_window(app, screenshot_path(), fb_w, fb_h), told = true;
  if (requests.script_screenshot) save_window(app, *requests.script_screenshot, fb_w, fb_h), told = true;
  if (requests.resize) glfwSetWindowSize(app.window(), requests.resize->first, requests.resize->second);
  if (requests.machine_screenshot) save_machine_picture(app, seconds), told = true;
  if (requests.quit) glfwSetWindowShouldClose(app.window(), GLFW_TRUE);
  if (requests.record) {
    recording = start_recording(app, *requests.record);
    told = told || !recording;  // it failed at once
  }
  if (requests.cancel_recording && recording) {
    recording.reset();  // the camera and drum go back; no file is written
    app.session().recording_ended("Recording cancelled: no file was written", false);
    told = true;
  }
  return told;
}

}  // namespace

int run_interactive(MachineApp& app, std::optional<int> idle_bench) {
  GLFWwindow* window = app.window();
  glfwSwapInterval(1);
  const double start = glfwGetTime();
  double last = start;
  ui::LoopPacer pacer;  // how long to wait before each frame (am/ui/idle_policy.hpp)
  bool reported_error = false;
  // Ctrl+C or a kill ends the loop like the close button: settings and layout are saved.
  const QuitSignals quit([] { glfwPostEmptyEvent(); });
  std::unique_ptr<Recording> recording;  // "Record…": a few frames a loop, the window stays alive
  std::atomic<int> frames_drawn{0};
  std::atomic<bool> idle_done{false};
  std::jthread idle_timer;
  if (idle_bench) idle_timer = start_idle_bench(*idle_bench, frames_drawn, idle_done);
  while (!glfwWindowShouldClose(window) && !quit.requested() && !idle_done) {
    switch (pacer.wait()) {
      case ui::LoopWait::kFrame:
        glfwWaitEventsTimeout(1.0 / 60.0);
        break;
      case ui::LoopWait::kPoll:
        glfwPollEvents();
        break;
      case ui::LoopWait::kProgress:
        glfwWaitEventsTimeout(0.1);
        break;
      case ui::LoopWait::kEvent:
        // Nothing moves until the next event: what the busy stretch freed goes back to
        // the system before the wait (it can be long).
        release_free_heap();
        glfwWaitEvents();
        pacer.woke();
        break;
    }
    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(window, &fb_w, &fb_h);
    if (fb_w <= 0 || fb_h <= 0) {  // minimised: nothing to draw into
      pacer.minimised();
      continue;
    }
    const double now = glfwGetTime();
    const auto frame_start = MachineApp::Clock::now();
    const bool gliding = app.camera().update(static_cast<float>(now - last));
    last = now;
    auto frame = app.draw_frame(0, fb_w, fb_h, now - start, true);
    if (!frame && !reported_error) {
      std::cerr << "attention-machine: " << frame.error() << "\n";
      reported_error = true;  // keep running: one bad frame should not close the window
    }
    bool told = frame && act_on_requests(app, frame->requests, fb_w, fb_h, now - start, recording);
    if (recording) told = record_some(app, recording) || told;
    glfwSwapBuffers(window);
    ++frames_drawn;
    // Auto quality judges the time spent drawing and showing, not the time asleep.
    app.note_frame_time(
        now - start,
        std::chrono::duration<double, std::milli>(MachineApp::Clock::now() - frame_start).count());
    // Whatever an event or a panel changed is drawn at once, not at the next mouse move;
    // so is what the window told the session after drawing (a recording ended).
    // A frame drawn smaller while the camera moved needs a sharp one once it rests.
    const bool refine = frame && frame->stats.refine_pending;
    const bool beads = app.view().scene().animated && app.session().beads_moving();
    pacer.drawn({.moving = gliding || refine || beads || app.session().animating() || app.keys_pending() ||
                           recording != nullptr,
                 .changed = frame && app.session().changed_this_frame(),
                 .told_after = told,
                 .background = app.session().background_busy() || app.session().waiting_for_dialog()});
  }
  app.session().save_layout_and_settings();
  app.session().save_last_session();
  if (quit.requested())
    std::cerr << "attention-machine: signal " << quit.signal() << ": settings, layout and view saved\n";
  return 0;
}

}  // namespace am::app

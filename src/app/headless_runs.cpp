// Running without a person: --screenshot renders offscreen and writes a PNG, and
// --script replays a script (the frame benchmark, --bench-frames, is bench/frame_bench.cpp).
#include <glad/gl.h>
// GLFW after glad, which must declare the GL functions first
#include <GLFW/glfw3.h>

#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "am/render/screenshot.hpp"
#include "am/store/pictures_folder.hpp"
#include "machine_app.hpp"
#include "machine_picture.hpp"
#include "offscreen_target.hpp"

namespace am::app {
namespace {

// Beads stand mid-way along their threads at this moment: a fixed time keeps
// screenshots identical from run to run.
constexpr double kScreenshotTime = 1.25;
constexpr int kScreenshotFrames = 3;

}  // namespace

Status render_offscreen_png(MachineApp& app, const std::filesystem::path& out, double time_seconds,
                            int frames) {
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
  const Status done = app.options().machine_only
                          ? render_machine_png(app, out, app.options().width, app.options().height, kScreenshotTime,
                                               kScreenshotFrames)
                          : render_offscreen_png(app, out, kScreenshotTime, kScreenshotFrames);
  if (const Status& s = done; !s) {
    std::cerr << "attention-machine: " << s.error() << "\n";
    return 1;
  }
  std::cout << "wrote " << out.string() << " (" << app.options().width << "x" << app.options().height
            << ")\n";
  return 0;
}

int run_script(MachineApp& app, const std::filesystem::path& script,
               const std::optional<std::filesystem::path>& dump) {
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
    // Held on "wait-training": a frame every tenth of a second leaves the cores to the trainer.
    if (session.waiting_for_training()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
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
    if (frame->requests.machine_screenshot) {  // Shift+F12 pressed by "key"
      session.hold_script(true);
      const std::filesystem::path path = machine_picture_path();
      const Status s = render_machine_png(app, path, w, h, kScreenshotTime, kScreenshotFrames);
      session.hold_script(false);
      if (!s) {
        std::cerr << script.string() << ": picture: " << s.error() << "\n";
        return 1;
      }
      std::cout << "wrote " << path.string() << "\n";
    }
    // A script's "screenshot FILE", or F12 pressed by "key" (to the pictures folder).
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
  return std::filesystem::path(store::pictures_folder()) / name;
}

}  // namespace am::app

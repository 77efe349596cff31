// The interactive frame loop: sleeps until input arrives unless something moves
// (travelling beads, a camera glide); a minimised window draws nothing.
#include <glad/gl.h>
#include <GLFW/glfw3.h>

#include <iostream>

#include "machine_app.hpp"

namespace am::app {

int run_interactive(MachineApp& app) {
  GLFWwindow* window = app.window();
  glfwSwapInterval(1);
  const double start = glfwGetTime();
  double last = start;
  int settle_frames = 2;  // ImGui needs a frame after an input to show its effect
  bool reported_error = false;
  bool animating = false;
  while (!glfwWindowShouldClose(window)) {
    if (animating) glfwWaitEventsTimeout(1.0 / 60.0);
    else if (settle_frames > 0) glfwPollEvents();
    else {
      glfwWaitEvents();
      settle_frames = 2;
    }
    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(window, &fb_w, &fb_h);
    if (fb_w <= 0 || fb_h <= 0) {  // minimised: nothing to draw into
      settle_frames = 0;
      animating = false;
      continue;
    }
    const double now = glfwGetTime();
    const bool gliding = app.camera().update(static_cast<float>(now - last));
    last = now;
    auto frame = app.draw_frame(0, fb_w, fb_h, now - start, true);
    if (!frame && !reported_error) {
      std::cerr << "attention-machine: " << frame.error() << "\n";
      reported_error = true;  // keep running: one bad frame should not close the window
    }
    glfwSwapBuffers(window);
    if (settle_frames > 0) --settle_frames;
    animating = gliding || app.view().scene().animated;
  }
  return 0;
}

}  // namespace am::app

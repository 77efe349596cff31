// A hidden GLFW window with an OpenGL 3.3 core context, for renderer tests and the
// scene-render tool (run them under xvfb-run on a machine without a display).
#pragma once

#include <memory>

#include "am/core/result.hpp"

struct GLFWwindow;

namespace am::render_test {

class GlHarness {
 public:
  static Result<std::unique_ptr<GlHarness>> create(int width, int height);
  ~GlHarness();
  GlHarness(const GlHarness&) = delete;
  GlHarness& operator=(const GlHarness&) = delete;
  GLFWwindow* window() const { return window_; }

 private:
  GlHarness() = default;
  GLFWwindow* window_ = nullptr;
};

}  // namespace am::render_test

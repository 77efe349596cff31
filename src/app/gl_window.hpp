// The GLFW window with its OpenGL 3.3 core context (visible, or hidden for
// headless screenshots), created and destroyed as one owned object.
#pragma once

#include <memory>
#include <string>

#include "am/core/result.hpp"

struct GLFWwindow;

namespace am::app {

class GlWindow {
 public:
  // Fails with a message a user can act on (no display, no OpenGL 3.3).
  static Result<std::unique_ptr<GlWindow>> create(int width, int height, bool visible, const std::string& title);
  ~GlWindow();
  GlWindow(const GlWindow&) = delete;
  GlWindow& operator=(const GlWindow&) = delete;

  GLFWwindow* handle() const { return window_; }
  // "4.5 (Core Profile) Mesa 22.3.6, llvmpipe (LLVM 15.0.6, 256 bits)"
  const std::string& gl_description() const { return description_; }

 private:
  GlWindow() = default;
  GLFWwindow* window_ = nullptr;
  std::string description_;
};

}  // namespace am::app

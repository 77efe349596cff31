#include "gl_window.hpp"

// glad must come before GLFW so GLFW does not pull in the system GL header.
#include <glad/gl.h>
#include <GLFW/glfw3.h>

#include <chrono>
#include <iostream>
#include <thread>

namespace am::app {
namespace {

void report_glfw_error(int code, const char* description) {
  std::cerr << "attention-machine: GLFW error " << code << ": " << description << "\n";
}

}  // namespace

Result<std::unique_ptr<GlWindow>> GlWindow::create(int width, int height, bool visible, const std::string& title) {
  glfwSetErrorCallback(report_glfw_error);
  // A display server that is busy (or still starting) may refuse one connection.
  bool ready = false;
  for (int attempt = 0; attempt < 3 && !ready; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(250));
    ready = glfwInit() == GLFW_TRUE;
  }
  if (!ready) return fail("could not open a window (no display? set DISPLAY or run under xvfb-run)");
  std::unique_ptr<GlWindow> w(new GlWindow());
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
  // The scene has its own multisampled target; the window needs none.
  glfwWindowHint(GLFW_SAMPLES, 0);
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  w->window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (w->window_ == nullptr)
    return fail("this system cannot give an OpenGL 3.3 core context; the machine needs OpenGL 3.3 "
                "(update the graphics driver or Mesa, or run under xvfb-run with libgl1-mesa-dri)");
  glfwMakeContextCurrent(w->window_);
  const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress));
  if (version == 0) return fail("could not load the OpenGL 3.3 functions");
  if (GLAD_VERSION_MAJOR(version) < 3 || (GLAD_VERSION_MAJOR(version) == 3 && GLAD_VERSION_MINOR(version) < 3))
    return fail("OpenGL " + std::to_string(GLAD_VERSION_MAJOR(version)) + "." +
                std::to_string(GLAD_VERSION_MINOR(version)) + " is too old: the machine needs OpenGL 3.3");
  const auto text = [](GLenum name) {
    const auto* s = reinterpret_cast<const char*>(glGetString(name));
    return std::string(s != nullptr ? s : "?");
  };
  w->description_ = text(GL_VERSION) + ", " + text(GL_RENDERER);
  return w;
}

GlWindow::~GlWindow() {
  if (window_ != nullptr) glfwDestroyWindow(window_);
  glfwTerminate();
}

}  // namespace am::app

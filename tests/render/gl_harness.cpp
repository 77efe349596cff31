#include "gl_harness.hpp"

#include <glad/gl.h>
#include <GLFW/glfw3.h>

#include <chrono>
#include <string>
#include <thread>

namespace am::render_test {

Result<std::unique_ptr<GlHarness>> GlHarness::create(int width, int height) {
  // A loaded Xvfb now and then refuses one connection: try again before giving up.
  bool ready = glfwInit() == GLFW_TRUE;
  for (int attempt = 0; attempt < 4 && !ready; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    ready = glfwInit() == GLFW_TRUE;
  }
  if (!ready) {
    const char* why = nullptr;
    glfwGetError(&why);
    return fail(std::string("no display (run under xvfb-run): ") + (why ? why : "glfwInit failed"));
  }
  std::unique_ptr<GlHarness> h(new GlHarness());
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  h->window_ = glfwCreateWindow(width, height, "render test", nullptr, nullptr);
  if (h->window_ == nullptr) return fail("no OpenGL 3.3 core context");
  glfwMakeContextCurrent(h->window_);
  if (gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)) == 0) return fail("could not load OpenGL functions");
  return h;
}

GlHarness::~GlHarness() {
  if (window_ != nullptr) glfwDestroyWindow(window_);
  glfwTerminate();
}

}  // namespace am::render_test

#include "gl_harness.hpp"

#include <glad/gl.h>
#include <GLFW/glfw3.h>

namespace am::render_test {

Result<std::unique_ptr<GlHarness>> GlHarness::create(int width, int height) {
  if (!glfwInit()) return fail("no display (run under xvfb-run)");
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

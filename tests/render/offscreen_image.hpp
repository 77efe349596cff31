// An RGBA8 framebuffer to render into and read back (tests and tools).
#pragma once

#include "am/render/gl_object.hpp"
#include "am/render/screenshot.hpp"

namespace am::render_test {

struct OffscreenImage {
  render::GlTexture color;
  render::GlFramebuffer fbo;
  int width = 0, height = 0;

  static OffscreenImage create(int width, int height);
  render::Image read() const { return render::read_framebuffer(fbo.id(), width, height); }
};

}  // namespace am::render_test

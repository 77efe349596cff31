// An 8-bit RGBA framebuffer for headless screenshots (the window's own buffer may
// not be readable when the window is hidden).
#pragma once

#include "am/core/result.hpp"
#include "am/render/gl_object.hpp"

namespace am::app {

class OffscreenTarget {
 public:
  Status create(int width, int height);
  GLuint framebuffer() const { return fbo_.id(); }

 private:
  render::GlTexture color_;
  render::GlFramebuffer fbo_;
};

}  // namespace am::app

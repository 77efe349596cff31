#include "offscreen_image.hpp"

namespace am::render_test {

OffscreenImage OffscreenImage::create(int width, int height) {
  OffscreenImage o;
  o.width = width;
  o.height = height;
  o.color = render::make_texture();
  glBindTexture(GL_TEXTURE_2D, o.color.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  o.fbo = render::make_framebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, o.fbo.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, o.color.id(), 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return o;
}

}  // namespace am::render_test

#include "offscreen_target.hpp"

namespace am::app {

Status OffscreenTarget::create(int width, int height) {
  color_ = render::make_texture();
  glBindTexture(GL_TEXTURE_2D, color_.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  fbo_ = render::make_framebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_.id(), 0);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) return fail("the driver rejected an offscreen RGBA8 framebuffer");
  return Ok{};
}

}  // namespace am::app

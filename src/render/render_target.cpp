#include "render_target.hpp"

#include <algorithm>
#include <string>

namespace am::render {

Status RenderTarget::ensure(int width, int height, int samples) {
  if (width <= 0 || height <= 0) return fail("render target needs a positive size");
  GLint max_samples = 1;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  // 0: single-sampled buffers (the Low tier), drawn the same way.
  samples = std::clamp(samples, 0, std::max(1, static_cast<int>(max_samples)));
  if (width == width_ && height == height_ && samples == samples_ && msaa_fbo_) return Ok{};

  color_rb_ = make_renderbuffer();
  glBindRenderbuffer(GL_RENDERBUFFER, color_rb_.id());
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
  depth_rb_ = make_renderbuffer();
  glBindRenderbuffer(GL_RENDERBUFFER, depth_rb_.id());
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  msaa_fbo_ = make_framebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, msaa_fbo_.id());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_rb_.id());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_rb_.id());
  const GLenum msaa_status = glCheckFramebufferStatus(GL_FRAMEBUFFER);

  cache_color_rb_ = make_renderbuffer();
  glBindRenderbuffer(GL_RENDERBUFFER, cache_color_rb_.id());
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
  cache_depth_rb_ = make_renderbuffer();
  glBindRenderbuffer(GL_RENDERBUFFER, cache_depth_rb_.id());
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  cache_fbo_ = make_framebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, cache_fbo_.id());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, cache_color_rb_.id());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, cache_depth_rb_.id());
  const GLenum cache_status = glCheckFramebufferStatus(GL_FRAMEBUFFER);

  resolved_tex_ = make_texture();
  glBindTexture(GL_TEXTURE_2D, resolved_tex_.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  set_bound_texture_sampling(GL_NEAREST, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  resolve_fbo_ = make_framebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, resolve_fbo_.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, resolved_tex_.id(), 0);
  const GLenum resolve_status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);

  if (msaa_status != GL_FRAMEBUFFER_COMPLETE || resolve_status != GL_FRAMEBUFFER_COMPLETE ||
      cache_status != GL_FRAMEBUFFER_COMPLETE) {
    msaa_fbo_.reset();
    width_ = height_ = samples_ = 0;
    return fail("the driver rejected a " + std::to_string(width) + "x" + std::to_string(height) + " framebuffer with " +
                std::to_string(samples) + " samples");
  }
  width_ = width;
  height_ = height;
  samples_ = samples;
  ++generation_;
  return Ok{};
}

void RenderTarget::snapshot() const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, msaa_fbo_.id());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, cache_fbo_.id());
  glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, msaa_fbo_.id());
}

void RenderTarget::restore(const PixelRect& r) const {
  if (r.empty()) return;
  glBindFramebuffer(GL_READ_FRAMEBUFFER, cache_fbo_.id());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, msaa_fbo_.id());
  glBlitFramebuffer(r.x, r.y, r.x + r.w, r.y + r.h, r.x, r.y, r.x + r.w, r.y + r.h,
                    GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, msaa_fbo_.id());
}

void RenderTarget::resolve(const PixelRect& r) const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, msaa_fbo_.id());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve_fbo_.id());
  if (!r.empty())
    glBlitFramebuffer(r.x, r.y, r.x + r.w, r.y + r.h, r.x, r.y, r.x + r.w, r.y + r.h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
}

void RenderTarget::present(GLuint target, const PixelRect& r, int out_x, int out_y, int out_width,
                           int out_height) const {
  // Two blits: resolving needs identical formats, and the window's may differ.
  resolve(r);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolve_fbo_.id());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target);
  const bool same = out_width == width_ && out_height == height_;
  glBlitFramebuffer(0, 0, width_, height_, out_x, out_y, out_x + out_width, out_y + out_height, GL_COLOR_BUFFER_BIT,
                    same ? GL_NEAREST : GL_LINEAR);
  glBindFramebuffer(GL_FRAMEBUFFER, target);
}

}  // namespace am::render

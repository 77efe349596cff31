// The offscreen target the scene is drawn into: a multisampled 8-bit colour + depth
// framebuffer (shaders write tone-mapped colour), resolved into a single-sample
// texture and copied into the caller's framebuffer.
#pragma once

#include "am/core/result.hpp"
#include "am/render/gl_object.hpp"
#include "am/render/static_layer.hpp"

namespace am::render {

class RenderTarget {
 public:
  // (Re)creates the buffers when the size or sample count changes; width and height
  // must be > 0; samples 0 means single-sampled.
  Status ensure(int width, int height, int samples);
  GLuint msaa_framebuffer() const { return msaa_fbo_.id(); }
  GLuint resolved_texture() const { return resolved_tex_.id(); }
  // Averages the samples inside `changed` into the resolved image (the rest is kept
  // from earlier frames), then copies all of it into `target` (0: the window) at
  // (out_x, out_y), stretched (filtered) to out_width x out_height if that differs.
  void present(GLuint target, const PixelRect& changed, int out_x, int out_y, int out_width, int out_height) const;
  // Only the first half of present: the samples inside `changed` into resolved_texture().
  void resolve(const PixelRect& changed) const;
  // Keeps a copy of the multisampled colour and depth (the static layer), and puts
  // back the part inside `rect`.
  void snapshot() const;
  void restore(const PixelRect& rect) const;
  PixelRect whole() const { return {0, 0, width_, height_}; }
  int width() const { return width_; }
  int height() const { return height_; }
  int samples() const { return samples_; }
  // Counts re-creations (resizes): anything kept in the old buffers is gone.
  int generation() const { return generation_; }

 private:
  GlFramebuffer msaa_fbo_, resolve_fbo_, cache_fbo_;
  GlRenderbuffer color_rb_, depth_rb_, cache_color_rb_, cache_depth_rb_;
  GlTexture resolved_tex_;
  int width_ = 0, height_ = 0, samples_ = 0, generation_ = 0;
};

}  // namespace am::render

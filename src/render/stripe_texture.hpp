// The colours of striped instances (draw_list.hpp) as a buffer texture, one RGBA32F
// texel per stripe, which the surface shaders read with texelFetch.
#pragma once

#include <cstddef>
#include <vector>

#include <glm/glm.hpp>

#include "am/render/gl_object.hpp"

namespace am::render {

class StripeTexture {
 public:
  // A texture that already holds one texel, so the sampler is valid before any stripes.
  void create();
  void update(const std::vector<glm::vec4>& colors);
  void bind(GLint unit) const;

 private:
  GlBuffer buffer_;
  GlTexture texture_;
  std::size_t capacity_ = 0;  // texels the buffer holds
};

}  // namespace am::render

// The key light's shadow as an exponential shadow map: depth from the light is
// rendered, then blurred (in exp space) into a small float texture once per change
// of the shadow casters. Each pixel then pays one filtered lookup for a soft
// shadow, which matters under a software rasteriser where every texture fetch costs.
#pragma once

#include <glm/glm.hpp>

#include "am/core/result.hpp"
#include "am/render/gl_object.hpp"
#include "am/render/mesh_data.hpp"

namespace am::render {

class ShaderProgram;

class ShadowMap {
 public:
  // depth_size: the light's depth render; the blurred map is half that.
  Status create(int depth_size);
  // Binds the depth render as the draw target and clears it.
  void begin_depth() const;
  // Turns the depth render into the blurred map (two passes with `blur`, which
  // reads u_source and u_step). Needs an empty vertex array bound.
  void blur(ShaderProgram& blur) const;
  GLuint texture() const { return blurred_.id(); }
  int size() const { return size_ / 2; }
  int depth_size() const { return size_; }

 private:
  GlTexture depth_, half_, blurred_;
  GlFramebuffer depth_fbo_, half_fbo_, blurred_fbo_;
  int size_ = 0;
};

// An orthographic projection from `light_dir` (towards the light) that holds the box.
glm::mat4 light_view_projection(const glm::vec3& light_dir, const Aabb& box);

}  // namespace am::render

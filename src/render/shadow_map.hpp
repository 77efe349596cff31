// The key light's depth map: soft shadows on the machine and a darkening on the
// floor under it. Sampled with hardware depth comparison (sampler2DShadow).
#pragma once

#include <glm/glm.hpp>

#include "am/model/result.hpp"
#include "am/render/gl_object.hpp"
#include "am/render/mesh_data.hpp"

namespace am::render {

class ShadowMap {
 public:
  Status create(int size);
  // Binds the map as the draw target and clears it.
  void begin() const;
  GLuint texture() const { return depth_.id(); }
  int size() const { return size_; }

 private:
  GlTexture depth_;
  GlFramebuffer fbo_;
  int size_ = 0;
};

// An orthographic projection from `light_dir` (towards the light) that holds the box.
glm::mat4 light_view_projection(const glm::vec3& light_dir, const Aabb& box);

}  // namespace am::render

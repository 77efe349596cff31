// A unit mesh on the GPU: one vertex array with the mesh's vertices and indices and
// the per-instance attributes (mat4 as four vec4s, colour, pick id; divisor 1).
#pragma once

#include <cstddef>

#include "am/render/gl_object.hpp"
#include "am/render/mesh_data.hpp"

namespace am::render {

// Attribute locations shared with the shaders.
namespace attrib {
inline constexpr GLuint kPosition = 0, kNormal = 1, kUv = 2, kModel0 = 3, kColor = 7, kPick = 8, kStripes = 9;
}

class GpuMesh {
 public:
  // Uploads the mesh; the instance attributes read from `instance_buffer`.
  static GpuMesh upload(const MeshData& data, GLuint instance_buffer);

  // Points the instance attributes at `first_instance` of the instance buffer
  // (GL 3.3 has no base-instance draw) and draws `count` instances.
  void draw_instances(std::size_t first_instance, std::size_t count) const;
  std::size_t index_count() const { return index_count_; }

 private:
  GlVertexArray vao_;
  GlBuffer vertices_, indices_;
  GLuint instance_buffer_ = 0;
  std::size_t index_count_ = 0;
};

}  // namespace am::render

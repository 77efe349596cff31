#include "gpu_mesh.hpp"

#include <cstdint>

namespace am::render {

static_assert(sizeof(Instance) == 92, "Instance is uploaded as-is: mat4, vec4, 3 x uint32, tightly packed");

GpuMesh GpuMesh::upload(const MeshData& data, GLuint instance_buffer) {
  GpuMesh m;
  m.instance_buffer_ = instance_buffer;
  m.index_count_ = data.indices.size();
  make_bound_vertex_array(m.vao_, m.vertices_, m.indices_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.vertices.size() * sizeof(Vertex)),
               data.vertices.data(), GL_STATIC_DRAW);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.indices.size() * sizeof(std::uint32_t)),
               data.indices.data(), GL_STATIC_DRAW);
  const auto stride = static_cast<GLsizei>(sizeof(Vertex));
  float_attribute(attrib::kPosition, 3, stride, offsetof(Vertex, position));
  float_attribute(attrib::kNormal, 3, stride, offsetof(Vertex, normal));
  float_attribute(attrib::kUv, 2, stride, offsetof(Vertex, uv));
  // Per instance: the four matrix columns, the colour, the pick id and the stripes.
  for (const GLuint a : {attrib::kModel0, attrib::kModel0 + 1, attrib::kModel0 + 2, attrib::kModel0 + 3, attrib::kColor,
                         attrib::kPick, attrib::kStripes}) {
    glEnableVertexAttribArray(a);
    glVertexAttribDivisor(a, 1);
  }
  glBindVertexArray(0);
  return m;
}

void GpuMesh::draw_instances(std::size_t first_instance, std::size_t count) const {
  glBindVertexArray(vao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, instance_buffer_);
  const auto stride = static_cast<GLsizei>(sizeof(Instance));
  const std::size_t base = first_instance * sizeof(Instance);
  const auto at = [&](std::size_t offset) { return reinterpret_cast<const void*>(base + offset); };
  for (GLuint i = 0; i < 4; ++i)
    glVertexAttribPointer(attrib::kModel0 + i, 4, GL_FLOAT, GL_FALSE, stride,
                          at(offsetof(Instance, transform) + i * sizeof(glm::vec4)));
  glVertexAttribPointer(attrib::kColor, 4, GL_FLOAT, GL_FALSE, stride, at(offsetof(Instance, color)));
  glVertexAttribIPointer(attrib::kPick, 1, GL_UNSIGNED_INT, stride, at(offsetof(Instance, pick)));
  glVertexAttribIPointer(attrib::kStripes, 2, GL_UNSIGNED_INT, stride, at(offsetof(Instance, stripe_first)));
  glDrawElementsInstanced(GL_TRIANGLES, static_cast<GLsizei>(index_count_), GL_UNSIGNED_INT, nullptr,
                          static_cast<GLsizei>(count));
}

}  // namespace am::render

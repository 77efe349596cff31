#include "tube_batch.hpp"

#include "stream_buffer.hpp"
#include "gpu_mesh.hpp"

namespace am::render {
namespace {
constexpr std::size_t kMaxIndices = TubeBatch::kMaxVertices * 6;
}

void TubeBatch::create() {
  make_bound_vertex_array(vao_, vbo_, ebo_);
  const auto stride = static_cast<GLsizei>(sizeof(TubeVertex));
  float_attribute(attrib::kPosition, 3, stride, offsetof(TubeVertex, position));
  float_attribute(attrib::kNormal, 3, stride, offsetof(TubeVertex, normal));
  float_attribute(attrib::kColor, 4, stride, offsetof(TubeVertex, color));
  glEnableVertexAttribArray(attrib::kPick);
  glVertexAttribIPointer(attrib::kPick, 1, GL_UNSIGNED_INT, stride,
                         reinterpret_cast<const void*>(offsetof(TubeVertex, pick)));
  glBindVertexArray(0);
}

bool TubeBatch::update(const std::vector<SweptTube>& tubes) {
  vertices_.clear();
  indices_.clear();
  bool all_fit = true;
  // Grouped by material so each material is one contiguous index range.
  for (int m = 0; m < kMaterialCount; ++m) {
    Range& r = ranges_[static_cast<std::size_t>(m)];
    r.first = indices_.size();
    for (const SweptTube& t : tubes) {
      if (static_cast<int>(t.material) != m) continue;
      const std::size_t before = indices_.size();
      if (!append_swept_tube(t, kMaxVertices, vertices_, indices_) || indices_.size() > kMaxIndices) {
        indices_.resize(before);
        all_fit = false;
      }
    }
    r.count = indices_.size() - r.first;
  }
  if (!vertices_.empty()) {
    glBindBuffer(GL_ARRAY_BUFFER, vbo_.id());
    reserve_stream_buffer(GL_ARRAY_BUFFER, vertex_capacity_, vertices_.size(), sizeof(TubeVertex));
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(vertices_.size() * sizeof(TubeVertex)),
                    vertices_.data());
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBindVertexArray(vao_.id());
    reserve_stream_buffer(GL_ELEMENT_ARRAY_BUFFER, index_capacity_, indices_.size(), sizeof(std::uint32_t));
    glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0,
                    static_cast<GLsizeiptr>(indices_.size() * sizeof(std::uint32_t)), indices_.data());
    glBindVertexArray(0);
  }
  return all_fit;
}

int TubeBatch::draw(Material material) const {
  const Range& r = ranges_[static_cast<std::size_t>(material)];
  if (r.count == 0) return 0;
  glBindVertexArray(vao_.id());
  glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(r.count), GL_UNSIGNED_INT,
                 reinterpret_cast<const void*>(r.first * sizeof(std::uint32_t)));
  return 1;
}

}  // namespace am::render

// All swept tubes of one frame: rebuilt on the CPU, uploaded into one vertex and
// index buffer, drawn with one call per material. The buffers grow (doubling) to what
// the scenes need, not to the limit: about 6,400 vertices at 64 characters, against a
// limit of 131,072 that would hold 9 MB on each side of the driver.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "am/render/draw_list.hpp"
#include "am/render/gl_object.hpp"
#include "am/render/tube_mesh.hpp"

namespace am::render {

class TubeBatch {
 public:
  static constexpr std::size_t kMaxVertices = 1u << 17;

  void create();
  // Rebuilds the geometry; returns false if some tubes did not fit (they are skipped).
  bool update(const std::vector<SweptTube>& tubes);
  // Draws the tubes of one material (nothing if there are none); returns the draw calls made.
  int draw(Material material) const;
  bool has(Material material) const { return ranges_[static_cast<std::size_t>(material)].count > 0; }
  std::size_t vertex_count() const { return vertices_.size(); }

 private:
  struct Range {
    std::size_t first = 0, count = 0;  // in indices
  };
  GlVertexArray vao_;
  GlBuffer vbo_, ebo_;
  std::vector<TubeVertex> vertices_;
  std::vector<std::uint32_t> indices_;
  std::size_t vertex_capacity_ = 0, index_capacity_ = 0;  // what the GL buffers hold
  std::array<Range, kMaterialCount> ranges_{};
};

}  // namespace am::render

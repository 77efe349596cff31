// Every label of a frame as quads from the glyph atlas, in one buffer that grows
// (doubling) to what the scenes need, drawn with one call.
#pragma once

#include <cstddef>
#include <vector>

#include <glm/glm.hpp>

#include "am/render/draw_list.hpp"
#include "am/render/gl_object.hpp"
#include "am/render/glyph_atlas.hpp"

namespace am::render {

class LabelBatch {
 public:
  static constexpr std::size_t kMaxGlyphs = 16384;

  void create(const GlyphAtlas& atlas);
  // Lays out and uploads; returns false if some glyphs did not fit (they are dropped).
  bool update(const GlyphAtlas& atlas, const std::vector<Label>& labels);
  // Returns the draw calls made (0 if there is nothing to draw).
  int draw() const;
  GLuint atlas_texture() const { return atlas_tex_.id(); }
  std::size_t glyph_count() const { return glyphs_; }

 private:
  void grow(std::size_t glyphs);  // the vertex and index buffers, to hold at least this many quads
  struct LabelVertex {
    glm::vec3 position;
    glm::vec2 uv;
    glm::vec4 color;
    glm::vec3 right;
    glm::vec3 up;
    float raised;
  };
  GlVertexArray vao_;
  GlBuffer vbo_, ebo_;
  GlTexture atlas_tex_;
  std::vector<LabelVertex> vertices_;
  std::vector<GlyphQuad> quads_;
  std::size_t glyphs_ = 0;
  std::size_t glyph_capacity_ = 0;  // quads the GL buffers hold
};

}  // namespace am::render

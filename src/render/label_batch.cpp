#include "label_batch.hpp"

#include <cstdint>

#include "stream_buffer.hpp"

namespace am::render {

void LabelBatch::create(const GlyphAtlas& atlas) {
  atlas_tex_ = make_texture();
  glBindTexture(GL_TEXTURE_2D, atlas_tex_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, atlas.width, atlas.height, 0, GL_RED, GL_UNSIGNED_BYTE,
               atlas.pixels.data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glGenerateMipmap(GL_TEXTURE_2D);
  set_bound_texture_sampling(GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR);
  glBindTexture(GL_TEXTURE_2D, 0);

  make_bound_vertex_array(vao_, vbo_, ebo_);
  const auto stride = static_cast<GLsizei>(sizeof(LabelVertex));
  const auto attr = [&](GLuint loc, GLint n, std::size_t offset) { float_attribute(loc, n, stride, offset); };
  attr(0, 3, offsetof(LabelVertex, position));
  attr(1, 2, offsetof(LabelVertex, uv));
  attr(2, 4, offsetof(LabelVertex, color));
  attr(3, 3, offsetof(LabelVertex, right));
  attr(4, 3, offsetof(LabelVertex, up));
  attr(5, 1, offsetof(LabelVertex, raised));
  glBindVertexArray(0);
}

void LabelBatch::grow(std::size_t glyphs) {
  glBindBuffer(GL_ARRAY_BUFFER, vbo_.id());
  reserve_stream_buffer(GL_ARRAY_BUFFER, glyph_capacity_, glyphs, 4 * sizeof(LabelVertex));
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  // Quads never change shape: the index buffer is written when it grows, not each frame.
  std::vector<std::uint32_t> indices;
  indices.reserve(glyph_capacity_ * 6);
  for (std::uint32_t q = 0; q < glyph_capacity_; ++q) {
    const std::uint32_t b = q * 4;
    indices.insert(indices.end(), {b, b + 1, b + 2, b, b + 2, b + 3});
  }
  glBindVertexArray(vao_.id());
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(std::uint32_t)),
               indices.data(), GL_STATIC_DRAW);
  glBindVertexArray(0);
}

bool LabelBatch::update(const GlyphAtlas& atlas, const std::vector<Label>& labels) {
  vertices_.clear();
  bool all_fit = true;
  for (const Label& label : labels) {
    quads_.clear();
    layout_label(atlas, label, quads_);
    const float raised = label.raised ? 1.0f : 0.0f;
    for (const GlyphQuad& q : quads_) {
      if (vertices_.size() + 4 > kMaxGlyphs * 4) {
        all_fit = false;
        break;
      }
      // Corners bl, br, tr, tl; atlas v grows downwards, so the top edge takes uv_lo.y.
      const glm::vec2 uv[4] = {
          {q.uv_lo.x, q.uv_hi.y}, {q.uv_hi.x, q.uv_hi.y}, {q.uv_hi.x, q.uv_lo.y}, q.uv_lo};
      for (int c = 0; c < 4; ++c)
        vertices_.push_back(
            {q.corners[static_cast<std::size_t>(c)], uv[c], label.color, label.right, label.up, raised});
    }
  }
  glyphs_ = vertices_.size() / 4;
  if (glyphs_ > glyph_capacity_) grow(glyphs_);
  if (!vertices_.empty()) {
    glBindBuffer(GL_ARRAY_BUFFER, vbo_.id());
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(vertices_.size() * sizeof(LabelVertex)),
                    vertices_.data());
    glBindBuffer(GL_ARRAY_BUFFER, 0);
  }
  return all_fit;
}

int LabelBatch::draw() const {
  if (glyphs_ == 0) return 0;
  glBindVertexArray(vao_.id());
  glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(glyphs_ * 6), GL_UNSIGNED_INT, nullptr);
  return 1;
}

}  // namespace am::render

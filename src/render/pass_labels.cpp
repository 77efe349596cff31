// Labels: laid out again only when their revision changed (or the atlas did), and
// drawn on top of the faces they sit on, blended, not hiding what is behind.
#include "renderer_impl.hpp"

namespace am::render {

void Renderer::Impl::upload_labels(FrameContext& f) {
  if (!atlas) return;
  if (!labels_revision || *labels_revision != f.list.revisions.labels) {
    labels_fit = labels.update(*atlas, f.list.labels);
    labels_revision = f.list.revisions.labels;
    f.stats.labels_uploaded = true;
  }
  if (!labels_fit) f.stats.truncated = true;
  f.stats.glyphs = labels.glyph_count();
}

void Renderer::Impl::draw_labels() {
  if (!atlas || labels.glyph_count() == 0) return;
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(-1.0f, -4.0f);
  glActiveTexture(GL_TEXTURE0 + kAtlasUnit);
  glBindTexture(GL_TEXTURE_2D, labels.atlas_texture());
  label.use();
  label.set("u_texels_per_unit", atlas->texels_per_unit);
  label.set("u_atlas_size", glm::vec2(atlas->width, atlas->height));
  draw_calls += labels.draw();
  glDisable(GL_POLYGON_OFFSET_FILL);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

}  // namespace am::render

// The overlay: glowing batches that keep moving (travelling beads), drawn over the
// static layer. When the kept layer is still right, only the pixels those batches
// covered last frame or cover now are redrawn (layer put back, moving parts, glass
// over them); the rest of the multisampled image is still last frame's, and right.
#include <limits>

#include "renderer_impl.hpp"

namespace am::render {

void Renderer::Impl::pass_overlay_on_kept_layer(FrameContext& f) {
  FrameStats& stats = f.stats;
  const PixelRect moving = moving_rect(f.list, f.block.view_proj, f.view.width, f.view.height);
  f.changed = unite(last_moving_rect, moving);
  last_moving_rect = moving;
  stats.static_layer_reused = true;
  stats.redrawn_share = static_cast<float>(f.changed.w) * static_cast<float>(f.changed.h) /
                        (static_cast<float>(f.view.width) * static_cast<float>(f.view.height));
  if (f.changed.empty()) return;
  glEnable(GL_SCISSOR_TEST);
  glScissor(f.changed.x, f.changed.y, f.changed.w, f.changed.h);
  target->restore(f.changed);
  ++draw_calls;
  pass_moving_layer();
  pass_glass();
  glDisable(GL_SCISSOR_TEST);
}

void Renderer::Impl::pass_moving_layer() {
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  draw_batches(lit(), false, drawn_opaque, Layer::kMoving);
}

PixelRect Renderer::Impl::moving_rect(const DrawList& list, const glm::mat4& view_proj, int width,
                                      int height) const {
  PixelRect out;
  for (std::size_t m = 0; m < static_cast<std::size_t>(kMeshCount); ++m)
    for (std::size_t k = 0; k < static_cast<std::size_t>(kMaterialCount); ++k) {
      if (!static_layer.excluded()[m][k]) continue;
      const Aabb unit = unit_bounds(static_cast<Mesh>(m));
      for (const Instance& inst : list.batches[m][k]) {
        Aabb box{glm::vec3(std::numeric_limits<float>::max()), glm::vec3(-std::numeric_limits<float>::max())};
        grow_bounds(box, unit, inst.transform);
        out = unite(out, screen_rect(box, view_proj, width, height));
      }
    }
  return out;
}

}  // namespace am::render

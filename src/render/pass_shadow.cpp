// The key light's shadow map: redrawn only when the light or the shapes of the
// casters changed (a new checkpoint recolours every band but moves little), told
// by the draw list's shape revisions, not by looking at the instances.
#include "renderer_impl.hpp"

namespace am::render {

CasterKey Renderer::Impl::casters(const FrameContext& f) const {
  CasterKey key;
  key.light = f.block.light_view_proj;
  for (std::size_t m = 0; m < static_cast<std::size_t>(kMeshCount); ++m)
    for (std::size_t k = 0; k < static_cast<std::size_t>(kMaterialCount); ++k) {
      const Range& r = ranges[m][k];
      if (r.count == 0 || !r.casts_shadow || !casts_shadow(static_cast<Material>(k))) continue;
      key.shapes[m][k] = f.list.revisions.shapes[m][k];
      key.counts[m][k] = r.count;
    }
  for (std::size_t k = 0; k < static_cast<std::size_t>(kMaterialCount); ++k)
    if (casts_shadow(static_cast<Material>(k))) key.tube_shapes[k] = f.list.revisions.tube_shapes[k];
  return key;
}

void Renderer::Impl::pass_shadow(FrameContext& f) {
  // The shadow map depends on the casters and the light only, not on the camera.
  const CasterKey key = casters(f);
  if (shadow_drawn_from && same_bytes(key, *shadow_drawn_from)) return;
  shadow_drawn_from = key;
  ++shadow_revision;
  f.stats.shadow_redrawn = true;

  shadow.begin_depth();
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);  // thin parts (discs, needles) must cast from both sides
  draw_batches(shadow_instanced, true, casts_shadow);
  for (int k = 0; k < kMaterialCount; ++k)
    if (casts_shadow(static_cast<Material>(k))) draw_tubes(shadow_instanced, static_cast<Material>(k));
  glBindVertexArray(empty_vao.id());
  shadow.blur(shadow_blur);
  draw_calls += 2;
}

}  // namespace am::render

// The static layer: every opaque batch the layer does not leave out, opaque tubes,
// floor, backdrop and labels. When only glowing batches moved since it was kept,
// the next frame puts it back instead of drawing it (see pass_overlay.cpp).
#include "renderer_impl.hpp"

namespace am::render {

bool Renderer::Impl::static_layer_still_right(FrameContext& f) {
  // Camera, light, viewport, hovered part; not the time (nothing static uses it).
  LayerKey key;
  key.block = f.block;
  key.block.scene.x = 0.0f;
  key.shadow_revision = shadow_revision;
  key.tubes = f.list.revisions.tubes;
  key.labels = f.list.revisions.labels;
  if (!last_layer || !same_bytes(key, *last_layer)) {
    last_layer = key;
    ++layer_revision;
  }
  return static_layer.reuse(f.list.revisions.batches, layer_revision);
}

void Renderer::Impl::pass_static_layer(FrameContext& f) {
  glClearDepth(1.0);
  glClear(GL_DEPTH_BUFFER_BIT);
  // Opaque first (metals, paint, glow), so the floor and backdrop shade only what shows.
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDisable(GL_BLEND);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  draw_batches(lit(), false, drawn_opaque, Layer::kStatic);
  for (int k = 0; k < kMaterialCount; ++k)
    if (drawn_opaque(static_cast<Material>(k))) draw_tubes(lit(), static_cast<Material>(k));

  // Floor, then the backdrop where nothing is (at the far plane); both opaque.
  glDisable(GL_CULL_FACE);
  glBindVertexArray(empty_vao.id());
  floor.use();
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  ++draw_calls;
  glDepthMask(GL_FALSE);
  background.use();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ++draw_calls;
  glDepthMask(GL_TRUE);

  // (In the static layer: anything moving in front of a label simply covers it.)
  draw_labels();

  if (static_layer.worth_keeping()) {
    target->snapshot();
    ++draw_calls;
    static_layer.kept();
    last_moving_rect = moving_rect(f.list, f.block.view_proj, f.view.width, f.view.height);
  }
}

}  // namespace am::render

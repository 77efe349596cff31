// Glass: inner walls first (normals flipped towards the eye), then outer walls,
// blended over everything opaque, writing no depth. The batches were sorted back
// to front when uploaded.
#include "renderer_impl.hpp"

namespace am::render {

void Renderer::Impl::pass_glass() {
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glEnable(GL_CULL_FACE);
  glDepthMask(GL_FALSE);
  const auto is_glass = [](Material m) { return m == Material::kGlass; };
  for (const bool inner : {true, false}) {
    if (inner && !level.inner_glass) continue;  // Low: one wall, the one facing the eye
    glCullFace(inner ? GL_FRONT : GL_BACK);
    glass.use();
    glass.set("u_normal_sign", inner ? -1.0f : 1.0f);
    draw_batches(glass, false, is_glass);
    draw_tubes(glass, Material::kGlass);
  }
  glDepthMask(GL_TRUE);
  glCullFace(GL_BACK);
  glDisable(GL_BLEND);
}

}  // namespace am::render

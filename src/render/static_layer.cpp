#include "am/render/static_layer.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace am::render {

PixelRect unite(const PixelRect& a, const PixelRect& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  const int x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
  const int x1 = std::max(a.x + a.w, b.x + b.w), y1 = std::max(a.y + a.h, b.y + b.h);
  return {x0, y0, x1 - x0, y1 - y0};
}

PixelRect screen_rect(const Aabb& box, const glm::mat4& view_proj, int width, int height, int pad) {
  glm::vec2 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
  for (int c = 0; c < 8; ++c) {
    const glm::vec3 p((c & 1) ? box.hi.x : box.lo.x, (c & 2) ? box.hi.y : box.lo.y, (c & 4) ? box.hi.z : box.lo.z);
    const glm::vec4 clip = view_proj * glm::vec4(p, 1.0f);
    if (clip.w <= 1e-4f) return {0, 0, width, height};  // behind the eye: play safe
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    const glm::vec2 px((ndc.x * 0.5f + 0.5f) * static_cast<float>(width), (ndc.y * 0.5f + 0.5f) * static_cast<float>(height));
    lo = glm::min(lo, px);
    hi = glm::max(hi, px);
  }
  const int x0 = std::max(0, static_cast<int>(std::floor(lo.x)) - pad);
  const int y0 = std::max(0, static_cast<int>(std::floor(lo.y)) - pad);
  const int x1 = std::min(width, static_cast<int>(std::ceil(hi.x)) + pad);
  const int y1 = std::min(height, static_cast<int>(std::ceil(hi.y)) + pad);
  return {x0, y0, x1 - x0, y1 - y0};
}

bool StaticLayer::reuse(const BatchRevisions& batches, std::uint64_t context) {
  bool still_right = valid_ && context == context_at_snapshot_;
  for (std::size_t m = 0; still_right && m < batches.size(); ++m)
    for (std::size_t k = 0; k < batches[m].size(); ++k)
      if (!excluded_[m][k] && batches[m][k] != at_snapshot_[m][k]) {
        still_right = false;
        break;
      }
  if (!still_right) {
    // A new layer: leave out the glowing batches that are moving right now.
    valid_ = false;
    any_excluded_ = false;
    for (std::size_t m = 0; m < batches.size(); ++m)
      for (std::size_t k = 0; k < batches[m].size(); ++k) {
        const bool moving = have_previous_ && batches[m][k] != previous_[m][k];
        excluded_[m][k] = moving && static_cast<Material>(k) == Material::kGlow;
        any_excluded_ = any_excluded_ || excluded_[m][k];
      }
    at_snapshot_ = batches;
    context_at_snapshot_ = context;
  }
  previous_ = batches;
  have_previous_ = true;
  return still_right;
}

}  // namespace am::render

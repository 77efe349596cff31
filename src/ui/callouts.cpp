#include "am/ui/callouts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace am::ui {

std::optional<glm::vec2> project_to_window(const glm::mat4& view_projection, const glm::vec3& world,
                                           const ScreenRect& viewport) {
  const glm::vec4 clip = view_projection * glm::vec4(world, 1.0f);
  if (clip.w <= 1e-6f) return std::nullopt;
  return glm::vec2(viewport.x + (0.5f * clip.x / clip.w + 0.5f) * viewport.w,
                   viewport.y + (0.5f - 0.5f * clip.y / clip.w) * viewport.h);
}
namespace {

float overlap_area(const ScreenRect& a, const ScreenRect& b) {
  const float w = std::min(a.right(), b.right()) - std::max(a.x, b.x);
  const float h = std::min(a.bottom(), b.bottom()) - std::max(a.y, b.y);
  return w > 0.0f && h > 0.0f ? w * h : 0.0f;
}

// Shifts a box into the viewport (when it is smaller than the viewport).
ScreenRect clamp_into(ScreenRect r, const ScreenRect& v) {
  r.x = std::clamp(r.x, v.x, std::max(v.x, v.right() - r.w));
  r.y = std::clamp(r.y, v.y, std::max(v.y, v.bottom() - r.h));
  return r;
}

}  // namespace

std::vector<PlacedCallout> place_callouts(std::span<const CalloutRequest> requests, const ScreenRect& viewport,
                                          const std::optional<ScreenRect>& keep_clear, float gap) {
  constexpr int kDirections = 16, kRings = 14;
  std::vector<PlacedCallout> out(requests.size());
  std::vector<ScreenRect> taken;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const CalloutRequest& r = requests[i];
    float best_score = std::numeric_limits<float>::max();
    ScreenRect best;
    // Candidates on rings around the anchor; each box extends away from the anchor
    // (a label to the upper right has its lower-left corner nearest).
    for (int ring = 0; ring < kRings; ++ring) {
      const float radius = gap * (1.0f + 1.5f * static_cast<float>(ring));
      for (int d = 0; d < kDirections; ++d) {
        // Start upwards, then alternate right and left: labels read best above their part.
        const int k = (d % 2 == 0) ? d / 2 : kDirections - (d + 1) / 2;
        const float a = -1.5707963f + 6.2831853f * static_cast<float>(k) / kDirections;
        const float cx = std::cos(a), cy = std::sin(a);
        ScreenRect box;
        box.w = r.w;
        box.h = r.h;
        box.x = r.anchor_x + radius * cx - 0.5f * r.w + cx * 0.5f * r.w;
        box.y = r.anchor_y + radius * cy - 0.5f * r.h + cy * 0.5f * r.h;
        box = clamp_into(box, viewport);
        if (!box.inside(viewport)) continue;
        bool free = true;
        for (const ScreenRect& t : taken) free = free && !box.overlaps(t);
        if (!free) continue;
        const float dx = box.x + 0.5f * box.w - r.anchor_x, dy = box.y + 0.5f * box.h - r.anchor_y;
        float score = std::sqrt(dx * dx + dy * dy);
        // Covering the focus hides what the chapter talks about; covering the anchor hides the part.
        if (keep_clear) score += 4.0f * overlap_area(box, *keep_clear) / std::max(box.h, 1.0f);
        const ScreenRect dot{r.anchor_x - gap, r.anchor_y - gap, 2.0f * gap, 2.0f * gap};
        if (box.overlaps(dot)) score += 1e5f;
        if (score < best_score) {
          best_score = score;
          best = box;
        }
      }
    }
    if (best_score < std::numeric_limits<float>::max()) {
      out[i].box = best;
      out[i].placed = true;
      taken.push_back(best);
    }
  }
  return out;
}

}  // namespace am::ui

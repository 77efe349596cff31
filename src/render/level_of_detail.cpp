#include "am/render/level_of_detail.hpp"

#include <algorithm>
#include <cmath>

namespace am::render {

float focal_length_px(const glm::mat4& projection, int viewport_height) {
  return projection[1][1] * 0.5f * static_cast<float>(viewport_height);
}

float world_radius(const glm::mat4& transform) {
  // The unit meshes fit a box of side 1: the transformed box's half-diagonal bounds them.
  const glm::vec3 a(transform[0]), b(transform[1]), c(transform[2]);
  return 0.5f * std::sqrt(glm::dot(a, a) + glm::dot(b, b) + glm::dot(c, c));
}

float screen_radius_px(const glm::mat4& transform, Mesh mesh, const glm::vec3& eye, float focal_px) {
  const Aabb unit = unit_bounds(mesh);
  const glm::vec3 centre(transform * glm::vec4(0.5f * (unit.lo + unit.hi), 1.0f));
  const float r = world_radius(transform);
  return r * focal_px / std::max(glm::distance(centre, eye) - r, 0.05f);
}

Detail detail_for_radius(float radius_px) {
  if (radius_px > 48.0f) return Detail::kHigh;
  if (radius_px > 12.0f) return Detail::kMedium;
  if (radius_px > 5.0f) return Detail::kLow;
  return Detail::kTiny;
}

}  // namespace am::render

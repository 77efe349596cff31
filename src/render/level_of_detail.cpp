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

float curvature_radius(const glm::mat4& transform, Mesh mesh) {
  const float x = glm::length(glm::vec3(transform[0])), y = glm::length(glm::vec3(transform[1])),
              z = glm::length(glm::vec3(transform[2]));
  switch (mesh) {
    case Mesh::kCylinder:
    case Mesh::kDisc: return 0.5f * std::max(x, z);  // round across, straight along y
    case Mesh::kBevelBox: return 0.5f * std::max(std::min(x, y), std::min(std::max(x, y), z));  // the middle side
    default: return 0.5f * std::max({x, y, z});
  }
}

float screen_radius_px(const glm::mat4& transform, Mesh mesh, const glm::vec3& eye, float focal_px) {
  const Aabb unit = unit_bounds(mesh);
  const glm::vec3 centre(transform * glm::vec4(0.5f * (unit.lo + unit.hi), 1.0f));
  // Distance to the nearest point of the bounding sphere; size of the curved part.
  const float nearest = std::max(glm::distance(centre, eye) - world_radius(transform), 0.05f);
  return curvature_radius(transform, mesh) * focal_px / nearest;
}

Detail detail_for_radius(float radius_px) {
  if (radius_px > 48.0f) return Detail::kHigh;
  if (radius_px > 12.0f) return Detail::kMedium;
  if (radius_px > 7.0f) return Detail::kLow;
  return Detail::kTiny;
}

}  // namespace am::render

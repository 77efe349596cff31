#include "am/render/tube_mesh.hpp"

#include <cmath>

#include <glm/gtc/constants.hpp>

namespace am::render {
namespace {

// Any unit vector perpendicular to t.
glm::vec3 perpendicular(const glm::vec3& t) {
  const glm::vec3 a = std::abs(t.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0);
  return glm::normalize(glm::cross(t, a));
}

}  // namespace

std::size_t swept_tube_vertex_count(std::size_t points) {
  return points * kTubeSides + 2 * (kTubeSides + 1);
}

bool append_swept_tube(const SweptTube& tube, std::size_t max_vertices, std::vector<TubeVertex>& vertices,
                       std::vector<std::uint32_t>& indices) {
  // Drop repeated points: they have no direction.
  std::vector<glm::vec3> pts;
  pts.reserve(tube.points.size());
  for (const glm::vec3& p : tube.points)
    if (pts.empty() || glm::distance(pts.back(), p) > 1e-6f) pts.push_back(p);
  if (pts.size() < 2) return true;
  if (vertices.size() + swept_tube_vertex_count(pts.size()) > max_vertices) return false;

  const std::size_t n = pts.size();
  std::vector<glm::vec3> tangents(n);
  for (std::size_t i = 0; i < n; ++i) {
    const glm::vec3 a = pts[i == 0 ? 0 : i - 1], b = pts[i + 1 == n ? n - 1 : i + 1];
    tangents[i] = glm::normalize(b - a);
  }
  // Parallel transport: rotate the previous normal by the turn between tangents.
  glm::vec3 normal = perpendicular(tangents[0]);
  const float step = 2.0f * glm::pi<float>() / kTubeSides;
  const auto first = static_cast<std::uint32_t>(vertices.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) {
      normal -= tangents[i] * glm::dot(normal, tangents[i]);
      const float len = glm::length(normal);
      normal = len > 1e-6f ? normal / len : perpendicular(tangents[i]);
    }
    const glm::vec3 binormal = glm::cross(tangents[i], normal);
    for (int s = 0; s < kTubeSides; ++s) {
      const float a = step * static_cast<float>(s);
      const glm::vec3 dir = std::cos(a) * normal + std::sin(a) * binormal;
      vertices.push_back({pts[i] + tube.radius * dir, dir, tube.color, tube.pick});
    }
  }
  for (std::size_t i = 0; i + 1 < n; ++i)
    for (int s = 0; s < kTubeSides; ++s) {
      const auto ring = first + static_cast<std::uint32_t>(i * kTubeSides);
      const auto a = ring + static_cast<std::uint32_t>(s);
      const auto b = ring + static_cast<std::uint32_t>((s + 1) % kTubeSides);
      const auto c = b + kTubeSides, d = a + kTubeSides;
      // a -> b turns right-handed about the tangent, so (a, b, c) faces outward.
      indices.insert(indices.end(), {a, b, c, a, c, d});
    }
  // Flat caps at both ends.
  for (const bool at_end : {false, true}) {
    const std::size_t i = at_end ? n - 1 : 0;
    const glm::vec3 out = at_end ? tangents[i] : -tangents[i];
    const auto centre = static_cast<std::uint32_t>(vertices.size());
    vertices.push_back({pts[i], out, tube.color, tube.pick});
    const auto ring = first + static_cast<std::uint32_t>(i * kTubeSides);
    for (int s = 0; s < kTubeSides; ++s) {
      const TubeVertex& v = vertices[ring + static_cast<std::uint32_t>(s)];
      vertices.push_back({v.position, out, tube.color, tube.pick});
    }
    for (int s = 0; s < kTubeSides; ++s) {
      const auto a = centre + 1 + static_cast<std::uint32_t>(s);
      const auto b = centre + 1 + static_cast<std::uint32_t>((s + 1) % kTubeSides);
      if (at_end) indices.insert(indices.end(), {centre, a, b});
      else indices.insert(indices.end(), {centre, b, a});
    }
  }
  return true;
}

}  // namespace am::render

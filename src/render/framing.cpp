#include "am/render/framing.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace am::render {
namespace {

struct Basis {
  glm::vec3 back, right, up;
};

Basis basis(float yaw, float pitch) {
  const float cp = std::cos(pitch);
  Basis b;
  b.back = glm::vec3(std::sin(yaw) * cp, std::sin(pitch), std::cos(yaw) * cp);
  b.right = glm::normalize(glm::cross(-b.back, glm::vec3(0, 1, 0)));
  b.up = glm::cross(b.right, -b.back);
  return b;
}

std::array<glm::vec3, 8> corners(const glm::vec3& lo, const glm::vec3& hi) {
  std::array<glm::vec3, 8> c{};
  for (int i = 0; i < 8; ++i) c[i] = {(i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z};
  return c;
}

// The NDC rectangle of the corners seen from `target` at `distance`; nullopt-like
// `ok = false` when a corner is too close to (or behind) the eye.
NdcRect project(const std::array<glm::vec3, 8>& pts, const Basis& b, const glm::vec3& target, float distance,
                float tan_x, float tan_y, bool& ok) {
  NdcRect r{1e30f, 1e30f, -1e30f, -1e30f};
  ok = true;
  for (const glm::vec3& p : pts) {
    const glm::vec3 rel = p - target;
    const float depth = distance - glm::dot(rel, b.back);  // along the view direction, from the eye
    if (depth <= 0.05f * distance) {
      ok = false;
      return r;
    }
    const float x = glm::dot(rel, b.right) / (depth * tan_x), y = glm::dot(rel, b.up) / (depth * tan_y);
    r.x0 = std::min(r.x0, x);
    r.x1 = std::max(r.x1, x);
    r.y0 = std::min(r.y0, y);
    r.y1 = std::max(r.y1, y);
  }
  return r;
}

}  // namespace

Framing solve_framing(const FramingRequest& q) {
  const Basis b = basis(q.yaw, q.pitch);
  const auto pts = corners(glm::min(q.lo, q.hi), glm::max(q.lo, q.hi));
  const float tan_y = std::tan(0.5f * q.fov_y), tan_x = tan_y * std::max(q.aspect, 1e-3f);
  const float limit = std::clamp(1.0f - q.margin, 0.05f, 1.0f);
  const float size = std::max(glm::length(q.hi - q.lo), 1e-3f);

  Framing f;
  f.pose.yaw = q.yaw;
  f.pose.pitch = q.pitch;
  glm::vec3 target = 0.5f * (q.lo + q.hi);
  float distance = size;
  // Fit the distance (bisection: the projection shrinks as the eye backs away), then
  // shift the target sideways to centre the projection; a few rounds converge.
  for (int round = 0; round < 6; ++round) {
    float near_d = 1e-3f * size, far_d = 1e3f * size;
    for (int i = 0; i < 60; ++i) {
      const float mid = 0.5f * (near_d + far_d);
      bool ok = false;
      const NdcRect r = project(pts, b, target, mid, tan_x, tan_y, ok);
      const bool fits = ok && r.x0 >= -limit && r.x1 <= limit && r.y0 >= -limit && r.y1 <= limit;
      (fits ? far_d : near_d) = mid;
    }
    distance = far_d;
    bool ok = false;
    const NdcRect r = project(pts, b, target, distance, tan_x, tan_y, ok);
    const float cx = 0.5f * (r.x0 + r.x1), cy = 0.5f * (r.y0 + r.y1);
    if (std::abs(cx) < 1e-4f && std::abs(cy) < 1e-4f) break;
    // At the target's depth one NDC unit is distance·tan world units.
    target += b.right * (cx * distance * tan_x) + b.up * (cy * distance * tan_y);
  }
  f.pose.target = target;
  f.pose.distance = distance;
  bool ok = false;
  f.rect = project(pts, b, target, distance, tan_x, tan_y, ok);
  return f;
}

NdcRect project_box(const glm::vec3& lo, const glm::vec3& hi, const glm::mat4& view_projection) {
  NdcRect r{1e30f, 1e30f, -1e30f, -1e30f};
  for (const glm::vec3& p : corners(lo, hi)) {
    const glm::vec4 c = view_projection * glm::vec4(p, 1.0f);
    const float w = std::max(c.w, 1e-4f);
    r.x0 = std::min(r.x0, c.x / w);
    r.x1 = std::max(r.x1, c.x / w);
    r.y0 = std::min(r.y0, c.y / w);
    r.y1 = std::max(r.y1, c.y / w);
  }
  return r;
}

}  // namespace am::render

#include "am/render/picking.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace am::render {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

// Slab test in the box's own space; the ray parameter is shared with world space
// because the ray is carried by the same affine map (its direction is not renormalised).
std::optional<float> ray_box(const glm::vec3& o, const glm::vec3& d, const Aabb& box) {
  float t0 = -kInf, t1 = kInf;
  for (int a = 0; a < 3; ++a) {
    // Flat meshes (the disc) get a hair of thickness so a ray in their plane can still hit.
    const float pad = box.hi[a] - box.lo[a] < 1e-6f ? 1e-4f : 0.0f;
    const float lo = box.lo[a] - pad, hi = box.hi[a] + pad;
    if (std::abs(d[a]) < 1e-12f) {
      if (o[a] < lo || o[a] > hi) return std::nullopt;
      continue;
    }
    float ta = (lo - o[a]) / d[a], tb = (hi - o[a]) / d[a];
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta);
    t1 = std::min(t1, tb);
    if (t0 > t1) return std::nullopt;
  }
  if (t1 < 0.0f) return std::nullopt;
  return std::max(t0, 0.0f);
}

std::optional<float> ray_sphere(const glm::vec3& o, const glm::vec3& d, float radius) {
  const float a = glm::dot(d, d);
  const float b = glm::dot(o, d);
  const float c = glm::dot(o, o) - radius * radius;
  const float disc = b * b - a * c;
  if (a <= 0.0f || disc < 0.0f) return std::nullopt;
  const float s = std::sqrt(disc);
  const float t_near = (-b - s) / a, t_far = (-b + s) / a;
  if (t_far < 0.0f) return std::nullopt;
  return std::max(t_near, 0.0f);
}

// Nearest t >= 0 where the ray comes within `radius` of segment ab.
std::optional<float> ray_capsule(const Ray& ray, const glm::vec3& a, const glm::vec3& b, float radius) {
  // Capsule = cylinder ab plus spheres at both ends; take the nearest hit of the three.
  std::optional<float> best;
  const auto keep = [&](std::optional<float> t) {
    if (t && (!best || *t < *best)) best = t;
  };
  keep(ray_sphere(ray.origin - a, ray.direction, radius));
  keep(ray_sphere(ray.origin - b, ray.direction, radius));
  const glm::vec3 axis = b - a;
  const float len2 = glm::dot(axis, axis);
  if (len2 > 0.0f) {
    // Project out the axis and solve |o' + t d'| = r in the plane across the axis.
    const glm::vec3 o = ray.origin - a;
    const glm::vec3 d_perp = ray.direction - axis * (glm::dot(ray.direction, axis) / len2);
    const glm::vec3 o_perp = o - axis * (glm::dot(o, axis) / len2);
    const float qa = glm::dot(d_perp, d_perp), qb = glm::dot(o_perp, d_perp);
    const float qc = glm::dot(o_perp, o_perp) - radius * radius;
    const float disc = qb * qb - qa * qc;
    if (qa > 1e-12f && disc >= 0.0f) {
      const float s = std::sqrt(disc);
      for (const float t : {(-qb - s) / qa, (-qb + s) / qa}) {
        const float tt = std::max(t, 0.0f);
        const float along = glm::dot(o + tt * ray.direction, axis) / len2;
        if (t >= 0.0f && along >= 0.0f && along <= 1.0f) {
          keep(tt);
          break;
        }
      }
    }
  }
  return best;
}

}  // namespace

Ray ray_through_pixel(const glm::vec2& pixel, const glm::vec2& viewport_size, const glm::mat4& view,
                      const glm::mat4& projection) {
  const glm::vec2 ndc(2.0f * pixel.x / viewport_size.x - 1.0f, 1.0f - 2.0f * pixel.y / viewport_size.y);
  const glm::mat4 inv = glm::inverse(projection * view);
  glm::vec4 near_p = inv * glm::vec4(ndc, -1.0f, 1.0f);
  glm::vec4 far_p = inv * glm::vec4(ndc, 1.0f, 1.0f);
  near_p /= near_p.w;
  far_p /= far_p.w;
  // Start at the eye, not the near plane, so distances compare with the camera's.
  const glm::mat4 inv_view = glm::inverse(view);
  Ray r;
  r.origin = glm::vec3(inv_view[3]);
  r.direction = glm::normalize(glm::vec3(far_p) - glm::vec3(near_p));
  return r;
}

std::optional<float> intersect_instance(const Ray& ray, Mesh mesh, const glm::mat4& transform) {
  const glm::mat3 linear(transform);
  const float det = glm::determinant(linear);
  if (!std::isfinite(det) || std::abs(det) < 1e-18f) return std::nullopt;  // squashed flat in 3D: nothing to hit
  const glm::mat3 inv = glm::inverse(linear);
  const glm::vec3 o = inv * (ray.origin - glm::vec3(transform[3]));
  const glm::vec3 d = inv * ray.direction;
  if (mesh == Mesh::kSphere) return ray_sphere(o, d, 0.5f);
  return ray_box(o, d, unit_bounds(mesh));
}

std::optional<float> intersect_tube(const Ray& ray, const SweptTube& tube, float slack) {
  std::optional<float> best;
  for (std::size_t i = 0; i + 1 < tube.points.size(); ++i) {
    const auto t = ray_capsule(ray, tube.points[i], tube.points[i + 1], tube.radius + slack);
    if (t && (!best || *t < *best)) best = t;
  }
  if (tube.points.size() == 1) best = ray_sphere(ray.origin - tube.points[0], ray.direction, tube.radius + slack);
  return best;
}

PickHit pick(const DrawList& list, const Ray& ray, float tube_slack) {
  PickHit best;
  float best_t = kInf;
  for (int m = 0; m < kMeshCount; ++m)
    for (int k = 0; k < kMaterialCount; ++k)
      for (const Instance& inst : list.batches[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)]) {
        if (inst.pick == 0) continue;
        const auto mesh = static_cast<Mesh>(m);
        // A striped instance: its stripes are tested only when the ray meets the whole.
        if (inst.stripe_count != 0 && !intersect_instance(ray, mesh, inst.transform)) continue;
        for_each_drawn_part(list, inst, [&](const Instance& part) {
          const auto t = intersect_instance(ray, mesh, part.transform);
          if (t && *t < best_t) {
            best_t = *t;
            best = {part.pick, *t};
          }
        });
      }
  for (const SweptTube& tube : list.tubes) {
    if (tube.pick == 0) continue;
    const auto t = intersect_tube(ray, tube, tube_slack);
    if (t && *t < best_t) {
      best_t = *t;
      best = {tube.pick, *t};
    }
  }
  return best;
}

Aabb instance_bounds(Mesh mesh, const glm::mat4& transform) {
  const Aabb unit = unit_bounds(mesh);
  Aabb out{glm::vec3(kInf), glm::vec3(-kInf)};
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 p((corner & 1) ? unit.hi.x : unit.lo.x, (corner & 2) ? unit.hi.y : unit.lo.y,
                      (corner & 4) ? unit.hi.z : unit.lo.z);
    const glm::vec3 w(transform * glm::vec4(p, 1.0f));
    out.lo = glm::min(out.lo, w);
    out.hi = glm::max(out.hi, w);
  }
  return out;
}

std::optional<Aabb> bounds_of(const DrawList& list, const std::function<bool(PickId)>& keep) {
  std::optional<Aabb> out;
  const auto grow = [&](const Aabb& b) {
    if (!out) out = b;
    else {
      out->lo = glm::min(out->lo, b.lo);
      out->hi = glm::max(out->hi, b.hi);
    }
  };
  for (int m = 0; m < kMeshCount; ++m)
    for (int k = 0; k < kMaterialCount; ++k)
      for (const Instance& inst : list.batches[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)])
        for_each_drawn_part(list, inst, [&](const Instance& part) {
          if (keep(part.pick)) grow(instance_bounds(static_cast<Mesh>(m), part.transform));
        });
  for (const SweptTube& tube : list.tubes) {
    if (!keep(tube.pick)) continue;
    for (const glm::vec3& p : tube.points) grow({p - glm::vec3(tube.radius), p + glm::vec3(tube.radius)});
  }
  return out;
}

}  // namespace am::render

#include "am/render/mesh_data.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/gtc/constants.hpp>

namespace am::render {
namespace {

constexpr float kPi = glm::pi<float>();

std::uint32_t add_vertex(MeshData& m, glm::vec3 p, glm::vec3 n, glm::vec2 uv) {
  m.vertices.push_back({p, n, uv});
  return static_cast<std::uint32_t>(m.vertices.size() - 1);
}

void add_quad(MeshData& m, std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
  // a b c d counter-clockwise seen from outside.
  m.indices.insert(m.indices.end(), {a, b, c, a, c, d});
}

// The six faces of a cube: outward normal and two in-plane axes with u x v = n.
struct Face {
  glm::vec3 n, u, v;
};
constexpr std::array<Face, 6> kFaces = {{
    {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}},
    {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
    {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}},
    {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
    {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},
    {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}},
}};

}  // namespace

MeshData make_box() {
  MeshData m;
  for (const Face& f : kFaces) {
    const glm::vec3 c = 0.5f * f.n;
    const std::uint32_t a = add_vertex(m, c - 0.5f * f.u - 0.5f * f.v, f.n, {0, 0});
    const std::uint32_t b = add_vertex(m, c + 0.5f * f.u - 0.5f * f.v, f.n, {1, 0});
    const std::uint32_t cc = add_vertex(m, c + 0.5f * f.u + 0.5f * f.v, f.n, {1, 1});
    const std::uint32_t d = add_vertex(m, c - 0.5f * f.u + 0.5f * f.v, f.n, {0, 1});
    add_quad(m, a, b, cc, d);
  }
  return m;
}

MeshData make_bevel_box(float radius, int steps) {
  // A grid per face whose lines bunch up near the edges; every grid point is pulled
  // onto a rounded box (inner box of half-size 0.5 - r, inflated by r).
  // Ticks along each face axis: flat in the middle, then `steps` rows per edge whose
  // normals turn evenly through 45 degrees (the neighbouring face turns the other 45).
  std::vector<float> ticks;
  for (int i = steps; i >= 0; --i) {
    const float a = 0.25f * kPi * static_cast<float>(i) / static_cast<float>(steps);
    ticks.push_back(-0.5f + radius - radius * std::tan(a));
  }
  for (int i = 0; i <= steps; ++i) {
    const float a = 0.25f * kPi * static_cast<float>(i) / static_cast<float>(steps);
    ticks.push_back(0.5f - radius + radius * std::tan(a));
  }
  const int n = static_cast<int>(ticks.size());
  const float inner = 0.5f - radius;
  MeshData m;
  for (const Face& f : kFaces) {
    const std::uint32_t base = static_cast<std::uint32_t>(m.vertices.size());
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        const glm::vec3 p = 0.5f * f.n + ticks[i] * f.u + ticks[j] * f.v;
        const glm::vec3 core = glm::clamp(p, glm::vec3(-inner), glm::vec3(inner));
        const glm::vec3 normal = glm::normalize(p - core);
        add_vertex(m, core + radius * normal, normal, {ticks[i] + 0.5f, ticks[j] + 0.5f});
      }
    for (int j = 0; j + 1 < n; ++j)
      for (int i = 0; i + 1 < n; ++i) {
        const auto at = [&](int x, int y) { return base + static_cast<std::uint32_t>(y * n + x); };
        add_quad(m, at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
      }
  }
  return m;
}

MeshData make_cylinder(int segments) {
  MeshData m;
  // Side: a duplicated seam so uv.x runs 0..1.
  for (int i = 0; i <= segments; ++i) {
    const float a = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(segments);
    const glm::vec3 n(std::cos(a), 0.0f, -std::sin(a));
    const float u = static_cast<float>(i) / static_cast<float>(segments);
    add_vertex(m, 0.5f * n + glm::vec3(0, -0.5f, 0), n, {u, 0});
    add_vertex(m, 0.5f * n + glm::vec3(0, 0.5f, 0), n, {u, 1});
  }
  for (int i = 0; i < segments; ++i) {
    const auto b = static_cast<std::uint32_t>(2 * i);
    add_quad(m, b, b + 2, b + 3, b + 1);
  }
  // Caps: a polygon each, as a fan from its first corner (n - 2 triangles, no centre
  // vertex: tiny cylinders drawn by the thousand are mostly caps).
  for (const float y : {0.5f, -0.5f}) {
    const glm::vec3 n(0, y > 0 ? 1.0f : -1.0f, 0);
    const std::uint32_t first = static_cast<std::uint32_t>(m.vertices.size());
    for (int i = 0; i < segments; ++i) {
      const float a = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(segments);
      const float c = std::cos(a), s = -std::sin(a);
      add_vertex(m, {0.5f * c, y, 0.5f * s}, n, {0.5f + 0.5f * c, 0.5f + 0.5f * s});
    }
    for (int i = 1; i + 1 < segments; ++i) {
      const std::uint32_t a = first + static_cast<std::uint32_t>(i);
      const std::uint32_t b = first + static_cast<std::uint32_t>(i + 1);
      if (y > 0) m.indices.insert(m.indices.end(), {first, a, b});
      else m.indices.insert(m.indices.end(), {first, b, a});
    }
  }
  return m;
}

MeshData make_disc(int segments) {
  // Two faces back to back (up and down) so it reads from either side with culling on.
  MeshData m;
  for (const float side : {1.0f, -1.0f}) {
    const glm::vec3 n(0, side, 0);
    const std::uint32_t centre = add_vertex(m, {0, 0, 0}, n, {0.5f, 0.5f});
    const std::uint32_t first = static_cast<std::uint32_t>(m.vertices.size());
    for (int i = 0; i < segments; ++i) {
      const float a = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(segments);
      const float c = std::cos(a), s = -std::sin(a);
      add_vertex(m, {0.5f * c, 0, 0.5f * s}, n, {0.5f + 0.5f * c, 0.5f - 0.5f * s});
    }
    for (int i = 0; i < segments; ++i) {
      const std::uint32_t a = first + static_cast<std::uint32_t>(i);
      const std::uint32_t b = first + static_cast<std::uint32_t>((i + 1) % segments);
      if (side > 0) m.indices.insert(m.indices.end(), {centre, a, b});
      else m.indices.insert(m.indices.end(), {centre, b, a});
    }
  }
  return m;
}

MeshData make_sphere(int segments, int rings) {
  MeshData m;
  for (int r = 0; r <= rings; ++r) {
    const float phi = kPi * static_cast<float>(r) / static_cast<float>(rings);  // 0 at the top
    for (int s = 0; s <= segments; ++s) {
      const float theta = 2.0f * kPi * static_cast<float>(s) / static_cast<float>(segments);
      const glm::vec3 n(std::sin(phi) * std::cos(theta), std::cos(phi), -std::sin(phi) * std::sin(theta));
      add_vertex(m, 0.5f * n, n,
                 {static_cast<float>(s) / static_cast<float>(segments), 1.0f - static_cast<float>(r) / static_cast<float>(rings)});
    }
  }
  const auto at = [&](int r, int s) { return static_cast<std::uint32_t>(r * (segments + 1) + s); };
  for (int r = 0; r < rings; ++r)
    for (int s = 0; s < segments; ++s) {
      // Row r is above row r + 1; seen from outside, s increases counter-clockwise.
      if (r != 0) m.indices.insert(m.indices.end(), {at(r, s), at(r + 1, s), at(r, s + 1)});
      if (r + 1 != rings) m.indices.insert(m.indices.end(), {at(r, s + 1), at(r + 1, s), at(r + 1, s + 1)});
    }
  return m;
}

MeshData make_needle(int sides) {
  // A tapered prism from y = 0 to 0.88, then a point at y = 1; a flat base.
  MeshData m;
  const float base = kNeedleBaseHalfWidth, shoulder = 0.4f * kNeedleBaseHalfWidth, neck = 0.88f;
  for (int i = 0; i < sides; ++i) {
    const float a0 = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(sides);
    const float a1 = 2.0f * kPi * static_cast<float>(i + 1) / static_cast<float>(sides);
    const glm::vec3 d0(std::cos(a0), 0, -std::sin(a0)), d1(std::cos(a1), 0, -std::sin(a1));
    const glm::vec3 p0 = base * d0, p1 = base * d1;
    const glm::vec3 q0 = shoulder * d0 + glm::vec3(0, neck, 0), q1 = shoulder * d1 + glm::vec3(0, neck, 0);
    const glm::vec3 tip(0, 1, 0);
    const glm::vec3 side_n = glm::normalize(glm::cross(p1 - p0, q0 - p0));
    const std::uint32_t a = add_vertex(m, p0, side_n, {0, 0});
    const std::uint32_t b = add_vertex(m, p1, side_n, {1, 0});
    const std::uint32_t c = add_vertex(m, q1, side_n, {1, neck});
    const std::uint32_t d = add_vertex(m, q0, side_n, {0, neck});
    add_quad(m, a, b, c, d);
    const glm::vec3 tip_n = glm::normalize(glm::cross(q1 - q0, tip - q0));
    const std::uint32_t e = add_vertex(m, q0, tip_n, {0, neck});
    const std::uint32_t f = add_vertex(m, q1, tip_n, {1, neck});
    const std::uint32_t g = add_vertex(m, tip, tip_n, {0.5f, 1});
    m.indices.insert(m.indices.end(), {e, f, g});
    const glm::vec3 down(0, -1, 0);
    const std::uint32_t h = add_vertex(m, {0, 0, 0}, down, {0.5f, 0});
    const std::uint32_t i0 = add_vertex(m, p0, down, {0, 0});
    const std::uint32_t i1 = add_vertex(m, p1, down, {1, 0});
    m.indices.insert(m.indices.end(), {h, i1, i0});
  }
  return m;
}

// A box filling `bounds` (for the tiniest level of detail).
MeshData box_in(const Aabb& bounds) {
  MeshData m = make_box();
  const glm::vec3 centre = 0.5f * (bounds.lo + bounds.hi), size = bounds.hi - bounds.lo;
  for (Vertex& v : m.vertices) v.position = centre + v.position * size;
  return m;
}

MeshData make_mesh(Mesh kind, Detail detail) {
  if (detail == Detail::kTiny) {
    // A few pixels across: round things become square (inside their round outline,
    // so they never look bigger), boxes stay boxes.
    if (kind == Mesh::kDisc) return make_disc(4);
    if (kind == Mesh::kCylinder) return make_cylinder(4);
    if (kind == Mesh::kSphere) return make_sphere(4, 2);
    return box_in(unit_bounds(kind));
  }
  const int d = static_cast<int>(detail) - 1;  // 0 low, 1 medium, 2 high
  switch (kind) {
    case Mesh::kBevelBox: return make_bevel_box(0.08f, d + 1);
    case Mesh::kBox: return make_box();
    case Mesh::kCylinder: return make_cylinder(std::array{6, 14, 36}[static_cast<std::size_t>(d)]);
    case Mesh::kDisc: return make_disc(std::array{8, 20, 48}[static_cast<std::size_t>(d)]);
    case Mesh::kSphere: return make_sphere(std::array{6, 12, 24}[static_cast<std::size_t>(d)], std::array{4, 7, 14}[static_cast<std::size_t>(d)]);
    case Mesh::kNeedle: return make_needle(6);
    case Mesh::kCount: break;
  }
  return {};
}

Aabb unit_bounds(Mesh kind) {
  switch (kind) {
    case Mesh::kDisc: return {{-0.5f, 0.0f, -0.5f}, {0.5f, 0.0f, 0.5f}};
    case Mesh::kNeedle: return {{-kNeedleBaseHalfWidth, 0.0f, -kNeedleBaseHalfWidth}, {kNeedleBaseHalfWidth, 1.0f, kNeedleBaseHalfWidth}};
    default: return {{-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}};
  }
}

}  // namespace am::render

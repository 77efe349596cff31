// Procedural meshes: closed, outward-facing, unit-sized as draw_list.hpp promises.
#include <catch2/catch.hpp>

#include <cmath>

#include "am/render/buffer_growth.hpp"
#include "am/render/mesh_data.hpp"
#include "am/render/tube_mesh.hpp"

using namespace am::render;

namespace {

// Every triangle's winding agrees with its vertices' normals (so back-face culling keeps the outside).
void check_faces_outward(const MeshData& m) {
  REQUIRE(m.indices.size() % 3 == 0);
  int wrong = 0;
  for (std::size_t i = 0; i < m.indices.size(); i += 3) {
    const Vertex& a = m.vertices[m.indices[i]];
    const Vertex& b = m.vertices[m.indices[i + 1]];
    const Vertex& c = m.vertices[m.indices[i + 2]];
    const glm::vec3 n = glm::cross(b.position - a.position, c.position - a.position);
    if (glm::length(n) < 1e-9f) continue;  // degenerate (pole) triangles carry no winding
    if (glm::dot(n, a.normal + b.normal + c.normal) <= 0.0f) ++wrong;
  }
  CHECK(wrong == 0);
}

void check_within_bounds(const MeshData& m, const Aabb& b) {
  for (const Vertex& v : m.vertices) {
    CHECK(glm::all(glm::greaterThanEqual(v.position, b.lo - glm::vec3(1e-5f))));
    CHECK(glm::all(glm::lessThanEqual(v.position, b.hi + glm::vec3(1e-5f))));
    CHECK(glm::length(v.normal) == Approx(1.0f).margin(1e-4));
  }
}

}  // namespace

TEST_CASE("every unit mesh, at every level of detail, faces outward and stays inside its unit bounds") {
  for (int k = 0; k < kMeshCount; ++k)
    for (int d = 0; d < kDetailCount; ++d) {
      const auto kind = static_cast<Mesh>(k);
      INFO("mesh " << k << " detail " << d);
      const MeshData m = make_mesh(kind, static_cast<Detail>(d));
      REQUIRE_FALSE(m.vertices.empty());
      for (const std::uint32_t i : m.indices) REQUIRE(i < m.vertices.size());
      check_faces_outward(m);
      check_within_bounds(m, unit_bounds(kind));
    }
}

TEST_CASE("coarser levels of detail have fewer triangles") {
  for (const Mesh kind : {Mesh::kBevelBox, Mesh::kCylinder, Mesh::kDisc, Mesh::kSphere}) {
    INFO("mesh " << static_cast<int>(kind));
    for (int d = 1; d < kDetailCount; ++d)
      CHECK(make_mesh(kind, static_cast<Detail>(d - 1)).indices.size() < make_mesh(kind, static_cast<Detail>(d)).indices.size());
  }
}

TEST_CASE("meshes fill their bounds (the contract's sizes)") {
  for (const Mesh kind : {Mesh::kBox, Mesh::kBevelBox, Mesh::kCylinder, Mesh::kSphere, Mesh::kNeedle}) {
    const MeshData m = make_mesh(kind);
    glm::vec3 lo(1e9f), hi(-1e9f);
    for (const Vertex& v : m.vertices) {
      lo = glm::min(lo, v.position);
      hi = glm::max(hi, v.position);
    }
    INFO("mesh " << static_cast<int>(kind));
    CHECK(hi.y - lo.y == Approx(1.0f).margin(1e-4));
    CHECK(hi.x - lo.x == Approx(1.0f).margin(0.01));  // needle: 1 wide at the base
  }
}

TEST_CASE("the bevelled box has rounded edges: normals vary near an edge") {
  const MeshData m = make_bevel_box(0.1f, 4);
  int tilted = 0;
  for (const Vertex& v : m.vertices)
    if (std::abs(v.normal.x) > 0.2f && std::abs(v.normal.y) > 0.2f) ++tilted;
  CHECK(tilted > 20);
}

TEST_CASE("a swept tube has a ring per point, outward normals, and caps") {
  SweptTube tube;
  tube.points = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 0}, {2, 2, 1}};  // one repeated point
  tube.radius = 0.1f;
  tube.pick = 3;
  std::vector<TubeVertex> v;
  std::vector<std::uint32_t> idx;
  REQUIRE(append_swept_tube(tube, 100000, v, idx));
  CHECK(v.size() == swept_tube_vertex_count(4));
  const std::size_t ring_vertices = 4 * kTubeSides;
  for (std::size_t i = 0; i < ring_vertices; ++i) {
    // Ring vertices lie one radius from their point, along their normal.
    const glm::vec3 centre = v[i].position - 0.1f * v[i].normal;
    const std::size_t ring = i / kTubeSides;
    const glm::vec3 expected[] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {2, 2, 1}};
    CHECK(glm::distance(centre, expected[ring]) < 1e-4f);
    CHECK(v[i].pick == 3u);
  }
  MeshData as_mesh;
  for (const TubeVertex& t : v) as_mesh.vertices.push_back({t.position, t.normal, {0, 0}});
  as_mesh.indices = idx;
  check_faces_outward(as_mesh);
}

TEST_CASE("a tube that does not fit adds nothing; a one-point tube adds nothing") {
  SweptTube tube;
  tube.points = {{0, 0, 0}, {1, 0, 0}};
  std::vector<TubeVertex> v;
  std::vector<std::uint32_t> idx;
  CHECK_FALSE(append_swept_tube(tube, 10, v, idx));
  CHECK(v.empty());
  tube.points = {{0, 0, 0}};
  CHECK(append_swept_tube(tube, 1000, v, idx));
  CHECK(v.empty());
}

TEST_CASE("streamed buffers grow by doubling from 1,024 to what a frame needs", "[render]") {
  using am::render::grown_capacity;
  CHECK(grown_capacity(0, 0) == 1024);
  CHECK(grown_capacity(0, 1024) == 1024);
  CHECK(grown_capacity(0, 1025) == 2048);
  CHECK(grown_capacity(0, 6414) == 8192);     // the tubes of 64 characters
  CHECK(grown_capacity(8192, 6414) == 8192);  // never shrinks
  CHECK(grown_capacity(8192, 8193) == 16384);
  CHECK(grown_capacity(3000, 3001) == 6000);  // from an odd capacity, doubles it
}

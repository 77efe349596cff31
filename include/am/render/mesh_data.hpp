// The procedural unit meshes of draw_list.hpp as plain vertex/index arrays, and
// their bounds (used by picking and camera framing). No GL here.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "am/render/draw_list.hpp"

namespace am::render {

struct Vertex {
  glm::vec3 position;
  glm::vec3 normal;
  glm::vec2 uv;
};

struct MeshData {
  std::vector<Vertex> vertices;
  std::vector<std::uint32_t> indices;  // triangles, counter-clockwise seen from outside
};

struct Aabb {
  glm::vec3 lo{0.0f};
  glm::vec3 hi{0.0f};
};

// The needle is 1 wide at its base, so an instance's x/z scale is its width.
inline constexpr float kNeedleBaseHalfWidth = 0.5f;

// Levels of detail: a software rasteriser (llvmpipe) pays for every triangle, so
// batches whose instances are small on screen use the coarser meshes.
// kTiny is for things a few pixels across: square prisms, boxes.
enum class Detail : std::uint8_t { kTiny, kLow, kMedium, kHigh };
inline constexpr int kDetailCount = 4;

MeshData make_mesh(Mesh kind, Detail detail = Detail::kHigh);
// The box every vertex of make_mesh(kind) lies in.
Aabb unit_bounds(Mesh kind);

MeshData make_box();
MeshData make_bevel_box(float radius, int steps);
MeshData make_cylinder(int segments);
MeshData make_disc(int segments);
MeshData make_sphere(int segments, int rings);
MeshData make_needle(int sides);

}  // namespace am::render

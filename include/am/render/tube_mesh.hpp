// Geometry of tubes swept along polylines (SweptTube), rebuilt every frame into
// one vertex array per material. No GL here.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "am/render/draw_list.hpp"

namespace am::render {

struct TubeVertex {
  glm::vec3 position;
  glm::vec3 normal;
  glm::vec4 color;
  std::uint32_t pick;
};

inline constexpr int kTubeSides = 8;

// Appends the tube's rings (kTubeSides around, one ring per point, rotation-minimising
// frames so thin tubes do not twist) and end caps. Tubes with fewer than 2 distinct
// points add nothing. Returns false, adding nothing, if the tube would exceed max_vertices.
bool append_swept_tube(const SweptTube& tube, std::size_t max_vertices, std::vector<TubeVertex>& vertices,
                       std::vector<std::uint32_t>& indices);

// How many vertices append_swept_tube adds for a tube of `points` points.
std::size_t swept_tube_vertex_count(std::size_t points);

}  // namespace am::render

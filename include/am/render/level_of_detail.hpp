// Choosing how finely to draw an instance from how large it is on screen. A
// software rasteriser pays for every triangle (and shades at least a 4x4 block for
// each), so a band ten pixels wide gets a hexagonal prism, not a 36-sided one.
#pragma once

#include <glm/glm.hpp>

#include "am/render/draw_list.hpp"
#include "am/render/mesh_data.hpp"

namespace am::render {

// Pixels per world unit at distance 1: projection[1][1] * viewport_height / 2.
float focal_length_px(const glm::mat4& projection, int viewport_height);

// Radius of the curved part of an instance (a long thin cylinder is as round as it is thick).
float curvature_radius(const glm::mat4& transform, Mesh mesh);

// That radius in pixels, seen from `eye` at the instance's nearest point.
float screen_radius_px(const glm::mat4& transform, Mesh mesh, const glm::vec3& eye, float focal_px);

// The level of detail for an on-screen radius: high above 48 px, medium above 12,
// low above 7, else tiny (a box).
Detail detail_for_radius(float radius_px);

// World radius of a sphere around an instance of any unit mesh.
float world_radius(const glm::mat4& transform);

}  // namespace am::render

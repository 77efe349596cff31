// Picking by CPU ray-cast: the nearest pickable instance or tube under the cursor.
// Each instance is its unit mesh's box carried by the instance matrix (an oriented
// box; spheres are tested as ellipsoids). Pure math, no GL: tests call it directly.
#pragma once

#include <functional>
#include <optional>

#include <glm/glm.hpp>

#include "am/render/draw_list.hpp"
#include "am/render/mesh_data.hpp"

namespace am::render {

struct Ray {
  glm::vec3 origin{0.0f};
  glm::vec3 direction{0.0f, 0.0f, -1.0f};  // unit length
};

// The ray through a pixel; `pixel` is in window coordinates (origin top-left, y down).
Ray ray_through_pixel(const glm::vec2& pixel, const glm::vec2& viewport_size, const glm::mat4& view,
                      const glm::mat4& projection);

// Distance along the ray to the instance's unit mesh bounds, if hit (ray starting inside counts as 0).
std::optional<float> intersect_instance(const Ray& ray, Mesh mesh, const glm::mat4& transform);

// Distance along the ray to a tube's swept capsules, if hit. `slack` widens thin tubes.
std::optional<float> intersect_tube(const Ray& ray, const SweptTube& tube, float slack = 0.0f);

struct PickHit {
  PickId id = 0;           // 0: nothing pickable under the cursor
  float distance = 0.0f;
};

// The nearest pickable thing (pick != 0) on the ray. Tubes get `tube_slack` extra radius.
PickHit pick(const DrawList& list, const Ray& ray, float tube_slack = 0.0f);

// World-space box around an instance (its unit bounds through the transform).
Aabb instance_bounds(Mesh mesh, const glm::mat4& transform);

// Box around every instance and tube whose pick id passes `keep`; nullopt if none do.
std::optional<Aabb> bounds_of(const DrawList& list, const std::function<bool(PickId)>& keep);

}  // namespace am::render

// Instance transforms for the unit meshes of draw_list.hpp, built directly as
// columns (the images of the mesh's scaled unit axes, then the centre) so the
// scene never composes rotation matrices per instance.
#pragma once

#include <cmath>

#include <glm/glm.hpp>

namespace am::machine::xf {

inline glm::mat4 frame(const glm::vec3& centre, const glm::vec3& ax, const glm::vec3& ay,
                       const glm::vec3& az) {
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(ax, 0.0f);
  m[1] = glm::vec4(ay, 0.0f);
  m[2] = glm::vec4(az, 0.0f);
  m[3] = glm::vec4(centre, 1.0f);
  return m;
}

// Axis-aligned box (kBox, kBevelBox) of the given size.
inline glm::mat4 box(const glm::vec3& centre, const glm::vec3& size) {
  return frame(centre, {size.x, 0, 0}, {0, size.y, 0}, {0, 0, size.z});
}

// Box whose local x runs along `right` and y along `up` (both unit, orthogonal).
inline glm::mat4 oriented_box(const glm::vec3& centre, const glm::vec3& right, const glm::vec3& up,
                              const glm::vec3& size) {
  return frame(centre, right * size.x, up * size.y, glm::cross(right, up) * size.z);
}

// Any unit vector perpendicular to unit d.
inline glm::vec3 perpendicular(const glm::vec3& d) {
  const glm::vec3 helper = std::abs(d.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0);
  return glm::normalize(glm::cross(helper, d));
}

// Cylinder (radius 0.5, height 1 along +Y, centred) stretched from a to b.
inline glm::mat4 segment(const glm::vec3& a, const glm::vec3& b, float radius) {
  const glm::vec3 d = b - a;
  const float len = glm::length(d);
  const glm::vec3 dir = len > 1e-9f ? d / len : glm::vec3(0, 1, 0);
  const glm::vec3 side = perpendicular(dir);
  return frame(0.5f * (a + b), side * (2.0f * radius), dir * len, glm::cross(side, dir) * (2.0f * radius));
}

// Cylinder lying along Z (tubes, bands, collars).
inline glm::mat4 cylinder_z(const glm::vec3& centre, float radius, float length) {
  return frame(centre, {2.0f * radius, 0, 0}, {0, 0, length}, {0, -2.0f * radius, 0});
}

// Upright cylinder along Y.
inline glm::mat4 cylinder_y(const glm::vec3& centre, float radius, float height) {
  return frame(centre, {2.0f * radius, 0, 0}, {0, height, 0}, {0, 0, 2.0f * radius});
}

// Disc (kDisc, facing +Y) turned to face `normal`, its local x along `right`.
inline glm::mat4 disc(const glm::vec3& centre, const glm::vec3& normal, const glm::vec3& right,
                      float diameter) {
  return frame(centre, right * diameter, normal, glm::cross(right, normal) * diameter);
}

inline glm::mat4 sphere(const glm::vec3& centre, float diameter) {
  return box(centre, glm::vec3(diameter));
}

// Needle (kNeedle: base at the origin, length 1 along +Y) from `base` along unit
// `dir`; `side` is a unit vector across it (sets the flat side's orientation).
inline glm::mat4 needle(const glm::vec3& base, const glm::vec3& dir, const glm::vec3& side, float length,
                        float width) {
  return frame(base, side * width, dir * length, glm::cross(side, dir) * width);
}

}  // namespace am::machine::xf

// An orbit camera: it circles a target (yaw, pitch, distance), pans the target,
// zooms, and glides smoothly to a requested pose. Pure math, no GL.
#pragma once

#include <glm/glm.hpp>

namespace am::render {

struct CameraPose {
  glm::vec3 target{0.0f};
  float yaw = 0.0f;       // radians about +Y; 0 looks along -Z (from +Z towards the target)
  float pitch = 0.35f;    // radians above the horizon
  float distance = 8.0f;  // from the target
};

class OrbitCamera {
 public:
  float fov_y = 0.6f;  // radians
  float min_distance = 0.3f;
  float max_distance = 200.0f;

  const CameraPose& pose() const { return pose_; }
  // Jumps to the pose (no glide).
  void set_pose(const CameraPose& pose);
  // Glides to the pose over `seconds` (ease in and out; yaw takes the short way round).
  void request_pose(const CameraPose& pose, float seconds = 0.9f);
  bool gliding() const { return glide_time_ < glide_duration_; }

  // Mouse gestures in pixels; any gesture cancels a glide.
  void orbit(float dx_px, float dy_px);
  void pan(float dx_px, float dy_px, float viewport_height_px);
  void zoom(float wheel_steps);

  // Advances a glide; returns true while still moving.
  bool update(float dt_seconds);

  glm::vec3 eye() const;
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;

 private:
  CameraPose clamp(CameraPose p) const;
  CameraPose pose_{};
  CameraPose from_{}, to_{};
  float glide_time_ = 0.0f, glide_duration_ = 0.0f;
};

// How far back a camera must stand for `width` (across the view, at the target's
// depth) to just fill the view from side to side.
float distance_to_fit_width(float width, float fov_y, float aspect);

// The pose that frames a box (centre and radius) from the given direction.
CameraPose frame_box(const glm::vec3& lo, const glm::vec3& hi, float yaw, float pitch, float fov_y, float aspect);

}  // namespace am::render

// A saved view's camera and the orbit camera's pose are the same four numbers.
#pragma once

#include "am/render/camera.hpp"
#include "am/store/view_file.hpp"

namespace am::app {

inline store::ViewCamera view_camera_of(const render::CameraPose& p) {
  return {{p.target.x, p.target.y, p.target.z}, p.yaw, p.pitch, p.distance};
}

inline render::CameraPose camera_pose_of(const store::ViewCamera& c) {
  render::CameraPose p;
  p.target = glm::vec3(c.target[0], c.target[1], c.target[2]);
  p.yaw = c.yaw;
  p.pitch = c.pitch;
  p.distance = c.distance;
  return p;
}

}  // namespace am::app

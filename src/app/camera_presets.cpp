#include "camera_presets.hpp"

#include <algorithm>
#include <cmath>

namespace am::app {
namespace {

render::CameraPose look_at(const glm::vec3& target, float yaw, float pitch, float distance) {
  render::CameraPose p;
  p.target = target;
  p.yaw = yaw;
  p.pitch = pitch;
  p.distance = distance;
  return p;
}

// The pose that frames a box, pulled in: the sphere around a long, low machine
// leaves a lot of empty floor.
render::CameraPose frame(const glm::vec3& lo, const glm::vec3& hi, float yaw, float pitch, float fov_y, float aspect,
                         float tighten) {
  render::CameraPose p = render::frame_box(lo, hi, yaw, pitch, fov_y, aspect);
  p.distance *= tighten;
  return p;
}

}  // namespace

render::CameraPose named_pose(ui::CameraPose named, int layer, const machine::Scene& scene, float aspect, float fov_y) {
  const machine::Anchors& a = scene.anchors;
  const glm::vec3 size = a.bounds_max - a.bounds_min;
  const glm::vec3 stack = a.attention[static_cast<std::size_t>(std::clamp(layer, 0, kLayers - 1))];
  // Close-ups keep the machine's width in view, so long texts stay framed.
  const float near_distance = render::distance_to_fit_width(std::max(size.x, 4.0f) * 1.1f, fov_y, aspect);
  using ui::CameraPose;
  switch (named) {
    case CameraPose::kFront: {  // the slugs in front, the columns behind them
      render::CameraPose p = frame(a.bounds_min, a.bounds_max, 0.0f, 0.42f, fov_y, aspect, 0.72f);
      p.target = 0.5f * (a.slugs + a.columns);
      return p;
    }
    case CameraPose::kEmbedding:
      return look_at(0.5f * (a.slugs + a.embedding), -0.35f, 0.5f, 0.75f * near_distance);
    case CameraPose::kPlate:
      return look_at(a.lifted_plate, -0.25f, 0.55f, 0.75f * near_distance);
    case CameraPose::kShutter:
      return look_at(a.lifted_plate, 0.35f, 0.95f, 0.75f * near_distance);
    case CameraPose::kThreads:
      return look_at(a.lifted_plate + glm::vec3(0.0f, 0.5f, 0.0f), -0.9f, 0.3f, 0.75f * near_distance);
    case CameraPose::kCutaway:
      return frame(a.bounds_min, a.bounds_max, -1.35f, 0.35f, fov_y, aspect, 0.7f);
    case CameraPose::kPlates:
      return look_at(stack, -0.45f, 0.55f, 0.85f * near_distance);
    case CameraPose::kDrum:
      return look_at(a.drum, -0.6f, 0.35f, 0.4f * near_distance + 2.0f);
    case CameraPose::kRack:
      return look_at(a.rack, 0.6f, 0.35f, 0.4f * near_distance + 2.0f);
    case CameraPose::kOverview:
      break;
  }
  // The whole machine from the front left, a little above; the front matters most.
  render::CameraPose p = frame(a.bounds_min, a.bounds_max, -0.5f, 0.5f, fov_y, aspect, 0.7f);
  p.target.z += 0.06f * size.z;
  return p;
}

}  // namespace am::app

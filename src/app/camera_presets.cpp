#include "camera_presets.hpp"

#include <algorithm>
#include <cmath>

namespace am::app {
namespace {

// A pose looking at `target` from `distance`, turned by yaw and raised by pitch.
render::CameraPose look_at(const glm::vec3& target, float yaw, float pitch, float distance) {
  render::CameraPose p;
  p.target = target;
  p.yaw = yaw;
  p.pitch = pitch;
  p.distance = distance;
  return p;
}

}  // namespace

render::CameraPose chapter_pose(int chapter, const machine::Scene& scene, float aspect, float fov_y) {
  const machine::Anchors& a = scene.anchors;
  const glm::vec3 size = a.bounds_max - a.bounds_min;
  const float width = std::max(size.x, 4.0f);
  // Close-ups scale with the machine's width, so long texts are still framed.
  const float near_distance = 0.75f * width / std::min(std::max(aspect, 0.5f), 1.6f) + 3.5f;
  switch (chapter) {
    case 1:  // characters become numbers: slugs and the first stretch of tubes
      return look_at(0.5f * (a.slugs + a.embedding), -0.35f, 0.45f, near_distance);
    case 2:  // queries and keys: the lifted plate and its dials
    case 3:  // only looking back: the shutter on the same plate
    case 4:  // bringing back: threads and beads
      return look_at(a.lifted_plate, -0.25f, 0.55f, 1.25f * near_distance);
    case 5:  // cut open: the whole machine from the side
      return render::frame_box(a.bounds_min, a.bounds_max, -1.35f, 0.32f, fov_y, aspect);
    case 6:  // eight heads: layer 1's stack
      return look_at(a.attention[0], -0.4f, 0.45f, near_distance);
    case 7:  // copying: layer 2's stack
      return look_at(a.attention[1], -0.4f, 0.45f, near_distance);
    case 8:  // the drum
      return look_at(a.drum, -0.6f, 0.35f, 0.45f * near_distance + 2.0f);
    case 9:  // the rack
      return look_at(a.rack, 0.6f, 0.35f, 0.45f * near_distance + 2.0f);
    default: {  // overview from the front left, a little above
      render::CameraPose p = render::frame_box(a.bounds_min, a.bounds_max, -0.5f, 0.5f, fov_y, aspect);
      p.distance *= 0.7f;  // the bounding sphere is loose around a long, low machine
      p.target.z += 0.06f * size.z;  // the front (slugs, tubes) matters most
      return p;
    }
  }
}

machine::View chapter_view(int chapter) {
  machine::View v;
  v.split_embedding = chapter == 1;
  return v;
}

}  // namespace am::app

#include "camera_presets.hpp"

#include <algorithm>

namespace am::app {
namespace {

struct Direction {
  float yaw, pitch;  // radians, as in render::CameraPose
};

// Only where the eye looks from; how far away it stands is solved.
Direction direction(ui::CameraPose look) {
  using ui::CameraPose;
  switch (look) {
    case CameraPose::kFront: return {0.0f, 0.42f};       // the slugs in front, the columns behind
    case CameraPose::kEmbedding: return {-0.35f, 0.5f};
    case CameraPose::kPlate: return {-0.25f, 0.55f};     // the dials lean back towards this eye
    case CameraPose::kShutter: return {0.35f, 0.95f};    // from above: the grid lies flat
    case CameraPose::kThreads: return {-0.9f, 0.3f};     // the arches from the side
    case CameraPose::kCutaway: return {-1.35f, 0.35f};
    case CameraPose::kPlates: return {-0.45f, 0.55f};
    case CameraPose::kDrum: return {-0.6f, 0.35f};
    case CameraPose::kRack: return {0.2f, 0.45f};     // nearly from the front: rack and columns fill the width
    case CameraPose::kOverview: break;
  }
  return {-0.5f, 0.5f};
}

}  // namespace

machine::Box focus_box(const ui::FocusList& focus, const machine::Scene& scene, const machine::SceneInput& input) {
  machine::Box box = machine::parts_bounds(scene, input, focus.view());
  if (box.empty()) box = machine::part_bounds(scene, input, machine::FocusPart::kMachine);
  // A beat's stretch of one tube is small: framed alone it would fill the view with one
  // tube. It is framed with its neighbourhood, a few character spacings each way.
  const auto parts = focus.view();
  if (std::find(parts.begin(), parts.end(), machine::FocusPart::kBeatStretch) != parts.end() && !box.empty()) {
    constexpr float kMinBeatExtent = 5.0f;
    const glm::vec3 c = box.centre();
    box.add(c - glm::vec3(0.5f * kMinBeatExtent, 0.0f, 0.5f * kMinBeatExtent));
    box.add(c + glm::vec3(0.5f * kMinBeatExtent, 0.0f, 0.5f * kMinBeatExtent));
  }
  return box;
}

render::Framing solved_pose(ui::CameraPose look, const ui::FocusList& focus, const machine::Scene& scene,
                            const machine::SceneInput& input, float aspect, float fov_y) {
  const machine::Box box = focus_box(focus, scene, input);
  const Direction d = direction(look);
  render::FramingRequest q;
  q.lo = box.lo;
  q.hi = box.hi;
  q.yaw = d.yaw;
  q.pitch = d.pitch;
  q.fov_y = fov_y;
  q.aspect = aspect;
  q.margin = kFramingMargin;
  return render::solve_framing(q);
}

}  // namespace am::app

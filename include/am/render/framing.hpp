// Camera framing solved from geometry: given a box to show, a look direction, the
// field of view and the viewport's aspect, where the orbit camera must stand so the
// box's projection is centred and fills the view up to a margin. Pure math, no GL.
#pragma once

#include <glm/glm.hpp>

#include "am/render/camera.hpp"

namespace am::render {

struct FramingRequest {
  glm::vec3 lo{0.0f}, hi{0.0f};  // world box to frame
  float yaw = 0.0f, pitch = 0.35f;  // look direction (as in CameraPose)
  float fov_y = 0.6f;            // radians
  float aspect = 1.6f;           // viewport width / height
  float margin = 0.12f;          // share of each half of the view left free at the tighter side
};

// A rectangle in normalised device coordinates (-1..1, y up).
struct NdcRect {
  float x0 = 0.0f, y0 = 0.0f, x1 = 0.0f, y1 = 0.0f;
  float width() const { return x1 - x0; }
  float height() const { return y1 - y0; }
};

struct Framing {
  CameraPose pose;
  NdcRect rect;  // the box's projection from that pose
};

// The pose with the requested direction whose view holds every corner of the box
// inside [-(1 - margin), 1 - margin] on both axes, touching it on at least one, with
// the projection centred. So the box fills (1 - margin) of the width or the height.
Framing solve_framing(const FramingRequest& request);

// The projection of a box's eight corners through `view_projection`, in NDC;
// corners behind the eye are clamped to the near side.
NdcRect project_box(const glm::vec3& lo, const glm::vec3& hi, const glm::mat4& view_projection);

}  // namespace am::render

// Where the camera goes for each of the UI's named poses, computed from the scene's
// anchors so the poses follow the machine's layout (and the text's length).
#pragma once

#include "am/machine/scene.hpp"
#include "am/render/camera.hpp"
#include "am/ui/chapter.hpp"

namespace am::app {

// `layer` (zero-based) is the selected layer: the plate poses look at its stack.
render::CameraPose named_pose(ui::CameraPose named, int layer, const machine::Scene& scene, float aspect, float fov_y);

}  // namespace am::app

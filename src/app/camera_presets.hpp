// Where the camera goes for each chapter, computed from the scene's anchors so
// the poses follow the machine's layout (and the text's length).
#pragma once

#include "am/machine/scene.hpp"
#include "am/render/camera.hpp"

namespace am::app {

// Chapters are numbered as on the command line (0-10); unknown numbers give the overview.
render::CameraPose chapter_pose(int chapter, const machine::Scene& scene, float aspect, float fov_y);
// What the chapter shows and hides (e.g. chapter 1 splits embedding and position).
machine::View chapter_view(int chapter);

}  // namespace am::app

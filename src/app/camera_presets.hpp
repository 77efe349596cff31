// The camera pose for a chapter: the chapter names a look direction and its focus
// parts; the distance and target are solved from the parts' bounds in the built
// scene, the viewport's aspect and the field of view (render/framing.hpp).
#pragma once

#include "am/machine/scene.hpp"
#include "am/render/camera.hpp"
#include "am/render/framing.hpp"
#include "am/ui/chapter.hpp"

namespace am::app {

// Share of each half of the viewport left free around the focus.
inline constexpr float kFramingMargin = 0.14f;

// The world box of the focus (the whole machine when the list is empty or shows nothing).
machine::Box focus_box(const ui::FocusList& focus, const machine::Scene& scene, const machine::SceneInput& input);

render::Framing solved_pose(ui::CameraPose look, const ui::FocusList& focus, const machine::Scene& scene,
                            const machine::SceneInput& input, float aspect, float fov_y);

}  // namespace am::app

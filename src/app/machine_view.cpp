#include "machine_view.hpp"

#include "am/machine/scene.hpp"

namespace am::app {

void MachineView::build(const machine::SceneInput& input) {
  input_ = input;
  machine::build_scene(input_, scene_);
}

std::string MachineView::describe(render::PickId id) const {
  const machine::Part* part = scene_.part(id);
  return part == nullptr ? std::string() : machine::describe(*part, input_);
}

}  // namespace am::app

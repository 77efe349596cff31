#include "machine_view.hpp"

#include "scene_source.hpp"

namespace am::app {

void MachineView::build(const machine::SceneInput& input) {
  input_ = input;
  build_machine_scene(input_, scene_);
}

std::string MachineView::describe(render::PickId id) const {
  const machine::Part* part = scene_.part(id);
  return part == nullptr ? std::string() : describe_machine_part(*part, input_);
}

}  // namespace am::app

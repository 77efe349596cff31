#include "machine_view.hpp"

#include "am/machine/scene.hpp"

namespace am::app {

void MachineView::build(std::shared_ptr<const engine::CachedPass> pass, machine::SceneInput input) {
  pass_ = std::move(pass);
  input_ = std::move(input);
  machine::build_scene(input_, scene_);
}

std::string MachineView::describe(render::PickId id) const {
  const machine::Part* part = scene_.part(id);
  return part == nullptr ? std::string() : machine::describe(*part, input_);
}

}  // namespace am::app

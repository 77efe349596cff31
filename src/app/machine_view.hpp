// The machine as drawn: the input the UI chose for this frame and the scene built
// from it (parts for picking and tooltips, anchors for the camera).
#pragma once

#include <string>

#include <memory>

#include "am/machine/scene.hpp"
#include "am/engine/checkpoint_cache.hpp"

namespace am::app {

class MachineView {
 public:
  // Builds the scene for this input; `pass` holds the activations the input points at,
  // kept here as long as the input is.
  void build(std::shared_ptr<const engine::CachedPass> pass, machine::SceneInput input);

  const machine::Scene& scene() const { return scene_; }
  const machine::SceneInput& input() const { return input_; }
  // The part behind a pick id, or null.
  const machine::Part* part(render::PickId id) const { return scene_.part(id); }
  // Tooltip text of a part, "" for none.
  std::string describe(render::PickId id) const;

 private:
  std::shared_ptr<const engine::CachedPass> pass_;  // owns what input_.acts / intact point at
  machine::SceneInput input_;
  machine::Scene scene_;
};

}  // namespace am::app

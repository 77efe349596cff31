// The live machine: the text and choices the user made, the forward pass they
// give (recomputed only when they change), and the scene built from it each frame.
#pragma once

#include <optional>
#include <string>

#include "am/machine/scene.hpp"
#include "am/model/activations.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/normalizer.hpp"
#include "am/model/weights.hpp"

namespace am::app {

class MachineView {
 public:
  MachineView(const Weights& weights, machine::TrainingTrack track);

  void set_text(const std::string& raw);
  void set_pulled(const HeadMask& pulled);
  void set_view(const machine::View& view) { input_.view = view; }
  // Applies a click on a part: a slug, dial or thread selects its query; a plate
  // selects its head; a rack head is pulled out or pushed back.
  void click(render::PickId id);

  // Rebuilds the scene for this moment (beads move with time).
  void build(double time_seconds);

  const machine::Scene& scene() const { return scene_; }
  const machine::SceneInput& input() const { return input_; }
  const Normalized& normalized() const { return normalized_; }
  const Activations& activations() const { return acts_; }
  // Tooltip text of a part, "" for none.
  std::string describe(render::PickId id) const;

 private:
  void run_forward();
  const Weights& weights_;
  Normalized normalized_;
  Activations acts_, intact_;
  machine::SceneInput input_;
  machine::Scene scene_;
};

}  // namespace am::app

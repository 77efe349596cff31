// A small stand-in for the machine, built from the live activations, used only
// when the machine library (src/machine) is not part of the build: slugs, tubes
// with coloured bands, one row of dials with threads, and the probability columns.
#pragma once

#include <string>

#include "am/machine/scene.hpp"

namespace am::app {

void build_stand_in_scene(const machine::SceneInput& input, machine::Scene& out);
std::string describe_stand_in_part(const machine::Part& part, const machine::SceneInput& input);

}  // namespace am::app

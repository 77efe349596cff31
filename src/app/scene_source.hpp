// Where the scene comes from: the machine library when it is built, else a small
// stand-in scene (so the window works while src/machine is being written).
#pragma once

#include <string>

#include "am/machine/scene.hpp"

namespace am::app {

void build_machine_scene(const machine::SceneInput& input, machine::Scene& out);
std::string describe_machine_part(const machine::Part& part, const machine::SceneInput& input);
// True when the real machine (am_machine) is linked in.
bool machine_library_present();

}  // namespace am::app

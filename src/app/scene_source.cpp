#include "scene_source.hpp"

#if AM_HAVE_MACHINE
namespace am::app {
void build_machine_scene(const machine::SceneInput& input, machine::Scene& out) { machine::build_scene(input, out); }
std::string describe_machine_part(const machine::Part& part, const machine::SceneInput& input) {
  return machine::describe(part, input);
}
bool machine_library_present() { return true; }
}  // namespace am::app
#else
#include "stand_in_scene.hpp"
namespace am::app {
void build_machine_scene(const machine::SceneInput& input, machine::Scene& out) { build_stand_in_scene(input, out); }
std::string describe_machine_part(const machine::Part& part, const machine::SceneInput& input) {
  return describe_stand_in_part(part, input);
}
bool machine_library_present() { return false; }
}  // namespace am::app
#endif

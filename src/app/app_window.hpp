// The windowed app (GLFW + OpenGL 3.3 + ImGui). Returns the process exit code.
#pragma once

#include "options.hpp"

namespace am::app {

int run_window(const Options& options);

}  // namespace am::app

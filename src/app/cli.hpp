// The parts of attention-machine that need no window.
#pragma once

#include "options.hpp"

namespace am::app {

// --json: prints the forward pass; returns the process exit code.
int run_json(const Options& options);

}  // namespace am::app

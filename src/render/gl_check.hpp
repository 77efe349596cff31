// Turning glGetError into a Status that says where it happened.
#pragma once

#include <string>

#include "am/core/result.hpp"

namespace am::render {

// Drains every pending GL error; fails with their names if there were any.
Status check_gl(const std::string& where);

}  // namespace am::render

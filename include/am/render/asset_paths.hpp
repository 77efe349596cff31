// Where the renderer's files live at run time: the shaders/ folder and a font.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "am/core/result.hpp"

namespace am::render {

// Order: $AM_SHADERS_DIR; beside the executable (shaders/ and
// ../share/attention-machine/shaders); the source tree's shaders/.
Result<std::filesystem::path> find_shader_dir();

// The fonts tried for labels, best first ($AM_FONT, then fonts-dejavu-core's files).
std::vector<std::filesystem::path> font_candidates();
// The first candidate that exists, if any.
std::optional<std::filesystem::path> find_font_file();

}  // namespace am::render

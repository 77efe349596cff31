// Reading GLSL from the shaders/ folder (with `#include "file.glsl"`) and turning
// the driver's "0:12(3): error" into "surface.frag:12: error". No GL here.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "am/core/result.hpp"

namespace am::render {

struct ShaderSource {
  std::string text;                // ready for glShaderSource
  std::vector<std::string> files;  // files[k] is source-string number k in `#line N k`
};

// Loads `name` from `dir`, pasting included files in place. The first line must be
// `#version`; `#line` directives keep the driver's line numbers pointing at the files.
Result<ShaderSource> load_shader_source(const std::filesystem::path& dir, const std::string& name);

// Rewrites the "k:line" / "k(line)" prefixes of a driver log into "file:line".
std::string annotate_shader_log(const std::string& log, const std::vector<std::string>& files);

}  // namespace am::render

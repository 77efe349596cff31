// A --script file: its text read whole, then parsed by the UI's parser (ui::parse_script),
// so every message reads "FILE:LINE: what is wrong".
#pragma once

#include <filesystem>

#include "am/core/result.hpp"
#include "am/ui/script.hpp"

namespace am::store {

Result<ui::Script> read_script_file(const std::filesystem::path& path);

}  // namespace am::store

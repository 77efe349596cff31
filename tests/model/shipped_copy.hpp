// A scratch copy of the shipped weights folder, to break one file in without touching
// the real one.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "test_util.hpp"

namespace am::test {

// The shipped run every degrade test breaks a copy of (weights/runs.json's first run).
inline std::filesystem::path shipped_weights_dir() { return std::filesystem::path(AM_SOURCE_DIR) / "weights" / "repeated"; }

struct ShippedCopy {
  ScratchDir scratch;
  ShippedCopy() {
    for (const auto& e : std::filesystem::directory_iterator(shipped_weights_dir()))
      if (e.is_regular_file()) std::filesystem::copy_file(e.path(), scratch / e.path().filename().string());
  }
  const std::filesystem::path& dir() const { return scratch.path(); }
  std::filesystem::path operator/(const std::string& name) const { return scratch / name; }
  void truncate(const std::string& name, std::uintmax_t bytes) const {
    std::filesystem::resize_file(scratch / name, bytes);
  }
};

}  // namespace am::test

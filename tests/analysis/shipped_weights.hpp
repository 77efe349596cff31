// One checkpoint of a shipped run, by run name and file name (the test fails if missing).
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "am/model/safetensors.hpp"

namespace am::test {

inline Weights shipped_checkpoint(const std::string& run, const std::string& file) {
  auto w = load_weights(std::filesystem::path(AM_SOURCE_DIR) / "weights" / run / file);
  REQUIRE(w);
  return *w;
}

}  // namespace am::test

// Shared by the grow tests: a controller over a temporary runs folder, and waiting.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <functional>
#include <thread>

#include "am/grow/controller.hpp"
#include "am/train/checkpoints.hpp"
#include "test_support.hpp"

namespace am::grow::test {

inline std::filesystem::path shipped_dir() { return AM_SOURCE_WEIGHTS_DIR; }
inline std::filesystem::path small_text() { return train::test::fixtures() / "small_text"; }

inline ControllerOptions options_in(const std::filesystem::path& root, bool analyse = false) {
  ControllerOptions o;
  o.runs_root = root;
  o.shipped_dir = shipped_dir();
  o.threads = 2;
  o.analyse = analyse;
  return o;
}

// A small real recipe (8 windows a step, checkpoints every 10 steps) on the fixture text.
inline train::Recipe small_recipe(std::int64_t steps) {
  auto parsed = train::parse_args({"--out", "unset", "--corpus", small_text().string(), "--steps",
                                   std::to_string(steps), "--batch", "8", "--warmup", "10", "--dense-every", "10",
                                   "--dense-to", std::to_string(steps), "--val-windows", "8"});
  REQUIRE(parsed.ok());
  return parsed->recipe;
}

// Polls until pred() holds; fails the test after `seconds`.
inline void wait_until(const std::function<bool()>& pred, double seconds = 120.0) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!pred()) {
    REQUIRE(std::chrono::steady_clock::now() < deadline);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

// Every planned checkpoint of `recipe` is the same file in both folders.
inline void require_same_checkpoints(const train::Recipe& recipe, const std::filesystem::path& a,
                                     const std::filesystem::path& b) {
  for (const auto step : train::planned_checkpoints(recipe)) {
    const std::string name = train::checkpoint_file_name(step);
    INFO(name);
    const std::string x = train::test::read_file(a / name);
    REQUIRE(x.size() > 1000);
    const bool same = x == train::test::read_file(b / name);
    CHECK(same);
  }
}

}  // namespace am::grow::test

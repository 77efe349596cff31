// A temporary run folder for the engine's tests: three random checkpoints, a manifest and,
// if asked, an analysis.json. Shared by tests/engine and the script-over-engine test in
// tests/ui.
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "am/model/config.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/weights.hpp"

namespace am::engine_test {

struct WeightsFolder {
  // One folder per process: ctest -j runs these cases side by side (and other checkouts may too).
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("am_ui_engine_test_" + std::to_string(::getpid()));
  WeightsFolder(bool with_analysis) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    nlohmann::json manifest = {{"format", 1}, {"recipe", {{"repeat-share", 0.5}, {"batch", 48}}}};
    for (int step : {0, 100, 200}) {
      const std::string file = "step_" + std::to_string(step) + ".safetensors";
      REQUIRE(save_weights(random_weights(static_cast<std::uint64_t>(step) + 5), dir / file).ok());
      manifest["checkpoints"].push_back({{"step", step},
                                         {"file", file},
                                         {"train_loss_smoothed", 3.0 - step / 100.0},
                                         {"analysis_version", 1},
                                         {"nonsense_accuracy", step / 250.0}});
    }
    std::ofstream(dir / "manifest.json") << manifest.dump(2);
    if (!with_analysis) return;
    nlohmann::json heads = nlohmann::json::object();
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h) heads[head_name(l, h)] = {{"previous", 0.1 * h}, {"induction", 0.2 * l + 0.05 * h}};
    const nlohmann::json analysis = {{"version", 1},
                                     {"step", 200},
                                     {"nonsense", {{"accuracy", 0.8}, {"sequences", 200}}},
                                     {"head_scores", heads},
                                     {"ablations", {{{"pulled", "L2H4"}, {"accuracy", 0.3}}}}};
    std::ofstream(dir / "analysis.json") << analysis.dump(2);
  }
  ~WeightsFolder() { std::filesystem::remove_all(dir); }
};


}  // namespace am::engine_test

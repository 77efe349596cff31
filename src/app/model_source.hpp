// Loads the weights the user asked for (a file, a step, or the last checkpoint)
// with every failure turned into a message.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "am/core/result.hpp"
#include "am/model/weights.hpp"
#include "am/model/weights_dir.hpp"

namespace am::app {

struct LoadedModel {
  Weights weights;
  std::filesystem::path file;         // the checkpoint that was read
  std::optional<Manifest> manifest;   // absent when --weights FILE was given alone
  std::vector<std::string> messages;  // what was left out on the way (bad files, manifest)
};

Result<LoadedModel> load_model(const std::optional<std::filesystem::path>& weights_file,
                               const std::optional<std::filesystem::path>& weights_dir,
                               std::optional<long long> step, const std::string& run = {});

}  // namespace am::app

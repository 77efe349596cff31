// When checkpoints are written, what they are called, and the manifest.json that
// lists them. The trainer writes step, file and losses; other tools (the analysis)
// add keys of their own, which every rewrite keeps.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "am/core/result.hpp"
#include "am/train/recipe.hpp"

namespace am::train {

// Step 0, the last step, every dense_every steps inside [dense_from, dense_to], and
// every sparse_every steps elsewhere.
bool is_checkpoint_step(const Recipe& recipe, std::int64_t step);
std::vector<std::int64_t> planned_checkpoints(const Recipe& recipe);
// "step_000250.safetensors"
std::string checkpoint_file_name(std::int64_t step);

struct CheckpointRecord {
  std::int64_t step = 0;
  std::string file;
  double train_loss = 0.0;           // this step's batch, nats per character
  double train_loss_smoothed = 0.0;  // exponential moving average of batch losses
  std::optional<double> val_loss;    // held-out windows; none when there are none
};

// Reads dir/manifest.json when present, sets "format" and "recipe", inserts or updates
// the entry for record.step (keeping any keys other tools added), and writes it back
// atomically, one checkpoint per line.
Status record_checkpoint(const std::filesystem::path& dir, const nlohmann::ordered_json& recipe,
                         const CheckpointRecord& record);

// The manifest's text: pretty at the top level, one compact line per checkpoint.
std::string format_manifest(const nlohmann::ordered_json& manifest);

}  // namespace am::train

// What the manifest says about the training run: the checkpoints, their measured
// metrics and the recipe. Every training figure a chapter quotes comes from here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "am/core/result.hpp"
#include "am/model/analysis_summary.hpp"
#include "am/model/manifest.hpp"

namespace am {

struct CheckpointMetrics {
  std::int64_t step = 0;
  std::optional<double> train_loss;         // smoothed training loss, nats/char
  std::optional<double> val_loss;           // held-out loss, nats/char
  std::optional<double> nonsense_accuracy;  // repeated nonsense, right the second time (0..1)
  std::optional<HeadTable> heads;           // head scores measured at this checkpoint
};

struct TrainingRecord {
  std::vector<CheckpointMetrics> checkpoints;  // sorted by step
  ManifestRecipe recipe;  // how the training text was arranged; absent: the manifest does not say

  std::vector<std::int64_t> steps() const;
  bool has_accuracy() const;  // every checkpoint carries nonsense accuracy
  // Index of the checkpoint closest to `step` (ties: the earlier); 0 when empty.
  std::size_t nearest_index(std::int64_t step) const;
  std::int64_t nearest_step(std::int64_t step) const;
  const CheckpointMetrics* at_step(std::int64_t step) const;  // exact match or null
};

// The record from what am::read_manifest found (Manifest::contents after load_manifest).
// A manifest that is not an object, has no "checkpoints" list or a checkpoint without an
// integer step is an error; unknown fields are ignored.
Result<TrainingRecord> training_record_from(const ManifestContents& manifest);
// The same from manifest.json text.
Result<TrainingRecord> parse_training_record(std::string_view manifest_json);

}  // namespace am

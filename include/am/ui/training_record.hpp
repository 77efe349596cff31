// What the manifest says about the training run: the checkpoints, their measured
// metrics and the recipe. Every training figure a chapter quotes comes from here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "am/machine/scene.hpp"
#include "am/core/result.hpp"
#include "am/model/manifest.hpp"
#include "am/ui/analysis_summary.hpp"

namespace am::ui {

struct CheckpointMetrics {
  std::int64_t step = 0;
  std::optional<double> train_loss;         // smoothed training loss, nats/char
  std::optional<double> val_loss;           // held-out loss, nats/char
  std::optional<double> nonsense_accuracy;  // repeated nonsense, right the second time (0..1)
  std::optional<HeadTable> heads;      // head scores measured at this checkpoint
};

// How the training text was arranged (absent fields: the manifest does not say).
struct Recipe {
  std::optional<std::string> init;            // e.g. "random" for an untrained checkpoint
  std::optional<double> repeat_share;         // share of windows holding a repeated passage (0..1)
  std::optional<int> repeat_min_length;       // passage lengths, characters
  std::optional<int> repeat_max_length;
  std::optional<int> batch_size;              // windows per step
  std::optional<std::int64_t> steps;          // steps in the run
  std::optional<double> learning_rate;
};

struct TrainingRecord {
  std::vector<CheckpointMetrics> checkpoints;  // sorted by step
  Recipe recipe;

  std::vector<std::int64_t> steps() const;
  bool has_accuracy() const;                   // every checkpoint carries nonsense accuracy
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

// The drum's data for the machine scene.
machine::TrainingTrack training_track(const TrainingRecord& record, std::int64_t current_step);

// The sudden rise in copying (docs/analysis_schema.md §1.7): `after` is the first
// checkpoint at or above `high`; `before` the last checkpoint before it at or below `low`.
struct PhaseChange {
  std::int64_t before_step = 0;
  double before_accuracy = 0.0;
  std::int64_t after_step = 0;
  double after_accuracy = 0.0;
};
std::optional<PhaseChange> find_phase_change(const TrainingRecord& record, const PhaseThresholds& t = {});

// The largest rise of the smoothed training loss inside [from_step, to_step]: the most
// any checkpoint's loss stands above the lowest loss at or before it in the window.
// nullopt when the loss never rises there (or fewer than two checkpoints have a loss).
struct LossBump {
  std::int64_t trough_step = 0, peak_step = 0;
  double trough = 0.0, peak = 0.0;
  double size() const { return peak - trough; }
};
std::optional<LossBump> find_loss_bump(const TrainingRecord& record, std::int64_t from_step,
                                       std::int64_t to_step);
// The window the analysis looks for the bump in: [before, after + (after - before)].
std::pair<std::int64_t, std::int64_t> bump_window(const PhaseChange& phase);

}  // namespace am::ui

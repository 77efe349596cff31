// What the manifest says about the training run: the checkpoints, their measured
// metrics and the recipe. Every training figure a chapter quotes comes from here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "am/machine/scene.hpp"
#include "am/model/result.hpp"

namespace am::ui {

struct CheckpointMetrics {
  std::int64_t step = 0;
  std::optional<double> train_loss;         // smoothed training loss, nats/char
  std::optional<double> val_loss;           // held-out loss, nats/char
  std::optional<double> nonsense_accuracy;  // repeated nonsense, right the second time (0..1)
};

// How the training text was arranged (absent fields: the manifest does not say).
struct Recipe {
  std::optional<std::string> init;            // e.g. "random" for an untrained checkpoint
  std::optional<double> repeat_share;         // share of windows holding a repeated passage (0..1)
  std::optional<int> repeat_min_length;       // passage lengths, characters
  std::optional<int> repeat_max_length;
  std::optional<int> batch_size;              // windows per step
  std::optional<int> window;                  // characters per window
  std::optional<std::int64_t> steps;          // steps in the run
  std::optional<double> learning_rate;
  std::vector<std::string> books;             // corpus files the text came from
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

// Parses manifest.json text. Unknown fields are ignored; a malformed file is an error.
Result<TrainingRecord> parse_training_record(std::string_view manifest_json);

// The drum's data for the machine scene.
machine::TrainingTrack training_track(const TrainingRecord& record, std::int64_t current_step);

// The sudden rise in copying: the last checkpoint at or below `low` before the first
// checkpoint at or above `high` (both 0..1).
struct PhaseChange {
  std::int64_t before_step = 0;
  double before_accuracy = 0.0;
  std::int64_t after_step = 0;
  double after_accuracy = 0.0;
};
inline constexpr double kPhaseLow = 0.20;   // "cannot copy yet"
inline constexpr double kPhaseHigh = 0.70;  // "copies most of the time"
std::optional<PhaseChange> find_phase_change(const TrainingRecord& record, double low = kPhaseLow,
                                             double high = kPhaseHigh);

// The largest rise of the smoothed training loss between neighbouring checkpoints
// in [from_step, to_step]; nullopt if the loss never rises there.
struct LossBump {
  std::int64_t from_step = 0, to_step = 0;
  double from_loss = 0.0, to_loss = 0.0;
};
std::optional<LossBump> find_loss_bump(const TrainingRecord& record, std::int64_t from_step,
                                       std::int64_t to_step);

}  // namespace am::ui

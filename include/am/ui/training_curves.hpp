// The training curves as the chapters and the drum read them: the drum's track for the
// machine scene, the sudden rise in copying and the loss bump around it.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>

#include "am/machine/scene.hpp"
#include "am/model/training_record.hpp"

namespace am::ui {

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

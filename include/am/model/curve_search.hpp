// The two searches over a run's training curves (docs/analysis_schema.md §1.7), once for
// both sides: the analysis writes their results into analysis.json, the app shows them
// from the manifest's record. The sudden rise in copying, and the loss bump around it.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "am/model/thresholds.hpp"

namespace am {

struct TrainingRecord;  // am/model/training_record.hpp

using StepValue = std::pair<std::int64_t, double>;  // (step, value) of one checkpoint

// The sudden rise in copying: `after` is the first point at or above `high`; `before` the
// last point before it at or below `low`. nullopt if either is missing.
struct PhaseChange {
  std::int64_t before_step = 0;
  double before_accuracy = 0.0;
  std::int64_t after_step = 0;
  double after_accuracy = 0.0;
};
// accuracy: (step, copy accuracy) sorted by step.
std::optional<PhaseChange> find_phase_change(const std::vector<StepValue>& accuracy,
                                             const PhaseThresholds& t = {});
// The window the bump is looked for in: [before, after + (after - before)], saturating.
std::pair<std::int64_t, std::int64_t> bump_window(const PhaseChange& phase);

// The largest rise of a loss curve inside a window of steps: max over points j of
// loss_j - min(loss_i, i <= j), both in the window; `size` 0 means no rise at all.
struct LossBump {
  double size = 0.0;  // peak - trough
  std::int64_t trough_step = 0;
  double trough = 0.0;
  std::int64_t peak_step = 0;
  double peak = 0.0;
};
// loss: (step, loss) sorted by step; only points with start <= step <= end count.
// nullopt if fewer than two points fall in the window.
std::optional<LossBump> loss_bump(const std::vector<StepValue>& loss, std::int64_t start, std::int64_t end);

// The same searches on a manifest's record, over the checkpoints that carry the value:
// the copy accuracy, and the smoothed training loss. find_loss_bump is nullopt also when
// the loss never rises in the window.
std::optional<PhaseChange> find_phase_change(const TrainingRecord& record, const PhaseThresholds& t = {});
std::optional<LossBump> find_loss_bump(const TrainingRecord& record, std::int64_t from_step,
                                       std::int64_t to_step);

}  // namespace am

#include "am/model/curve_search.hpp"

#include <cstdint>

#include "am/model/training_record.hpp"

namespace am {

std::optional<PhaseChange> find_phase_change(const std::vector<StepValue>& accuracy,
                                             const PhaseThresholds& t) {
  std::optional<std::size_t> last_low;
  for (std::size_t i = 0; i < accuracy.size(); ++i) {
    const auto [step, a] = accuracy[i];
    if (a >= t.high) {
      if (!last_low) return std::nullopt;  // copying from the first checkpoint on
      const StepValue& before = accuracy[*last_low];
      return PhaseChange{before.first, before.second, step, a};
    }
    if (a <= t.low) last_low = i;
  }
  return std::nullopt;
}

std::pair<std::int64_t, std::int64_t> bump_window(const PhaseChange& phase) {
  // Saturating: a manifest may hold any int64 steps, and signed overflow is undefined.
  std::int64_t span = 0, end = 0;
  if (__builtin_sub_overflow(phase.after_step, phase.before_step, &span)) span = INT64_MAX;
  if (__builtin_add_overflow(phase.after_step, span, &end)) end = INT64_MAX;
  return {phase.before_step, end};
}

std::optional<LossBump> loss_bump(const std::vector<StepValue>& loss, std::int64_t start, std::int64_t end) {
  std::optional<LossBump> best;
  bool have_trough = false;
  std::int64_t trough_step = 0;
  double trough = 0.0;
  int points = 0;
  for (const auto& [step, value] : loss) {
    if (step < start || step > end) continue;
    ++points;
    if (!have_trough || value < trough) {
      have_trough = true;
      trough = value;
      trough_step = step;
    }
    const double rise = value - trough;
    if (!best || rise > best->size) best = LossBump{rise, trough_step, trough, step, value};
  }
  if (points < 2) return std::nullopt;
  return best;
}

std::optional<PhaseChange> find_phase_change(const TrainingRecord& record, const PhaseThresholds& t) {
  std::vector<StepValue> accuracy;
  for (const CheckpointMetrics& c : record.checkpoints)
    if (c.nonsense_accuracy) accuracy.emplace_back(c.step, *c.nonsense_accuracy);
  return find_phase_change(accuracy, t);
}

std::optional<LossBump> find_loss_bump(const TrainingRecord& record, std::int64_t from_step,
                                       std::int64_t to_step) {
  std::vector<StepValue> loss;
  for (const CheckpointMetrics& c : record.checkpoints)
    if (c.train_loss) loss.emplace_back(c.step, *c.train_loss);
  auto bump = loss_bump(loss, from_step, to_step);
  if (bump && bump->size > 0.0) return bump;
  return std::nullopt;
}

}  // namespace am

#include "am/ui/training_curves.hpp"

#include <cstdint>

namespace am::ui {

machine::TrainingTrack training_track(const TrainingRecord& record, std::int64_t current_step) {
  machine::TrainingTrack t;
  t.current_step = current_step;
  bool all_loss = !record.checkpoints.empty();
  for (const auto& c : record.checkpoints) all_loss = all_loss && c.train_loss.has_value();
  const bool all_acc = record.has_accuracy();
  for (const auto& c : record.checkpoints) {
    t.steps.push_back(c.step);
    if (all_loss) t.loss.push_back(static_cast<float>(*c.train_loss));
    if (all_acc) t.accuracy.push_back(static_cast<float>(*c.nonsense_accuracy));
  }
  return t;
}

std::optional<PhaseChange> find_phase_change(const TrainingRecord& record, const PhaseThresholds& t) {
  const auto& cs = record.checkpoints;
  std::optional<std::size_t> last_low;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    if (!cs[i].nonsense_accuracy) continue;
    const double a = *cs[i].nonsense_accuracy;
    if (a >= t.high) {
      if (!last_low) return std::nullopt;  // copying from the first measured checkpoint on
      PhaseChange p;
      p.before_step = cs[*last_low].step;
      p.before_accuracy = *cs[*last_low].nonsense_accuracy;
      p.after_step = cs[i].step;
      p.after_accuracy = a;
      return p;
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

std::optional<LossBump> find_loss_bump(const TrainingRecord& record, std::int64_t from_step,
                                       std::int64_t to_step) {
  std::optional<LossBump> best;
  std::optional<std::pair<std::int64_t, double>> lowest;  // lowest loss so far in the window
  for (const auto& c : record.checkpoints) {
    if (c.step < from_step || c.step > to_step || !c.train_loss) continue;
    const double loss = *c.train_loss;
    if (lowest && loss - lowest->second > (best ? best->size() : 0.0))
      best = LossBump{lowest->first, c.step, lowest->second, loss};
    if (!lowest || loss < lowest->second) lowest = std::make_pair(c.step, loss);
  }
  return best;
}

}  // namespace am::ui

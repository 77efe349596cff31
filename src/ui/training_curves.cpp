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

}  // namespace am::ui

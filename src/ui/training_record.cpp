#include "am/ui/training_record.hpp"

#include <algorithm>
#include <cstdlib>

#include "am/model/weights_dir.hpp"

namespace am::ui {

std::vector<std::int64_t> TrainingRecord::steps() const {
  std::vector<std::int64_t> out;
  out.reserve(checkpoints.size());
  for (const auto& c : checkpoints) out.push_back(c.step);
  return out;
}

bool TrainingRecord::has_accuracy() const {
  if (checkpoints.empty()) return false;
  for (const auto& c : checkpoints)
    if (!c.nonsense_accuracy) return false;
  return true;
}

std::size_t TrainingRecord::nearest_index(std::int64_t step) const {
  std::size_t best = 0;
  for (std::size_t i = 1; i < checkpoints.size(); ++i)
    if (step_distance(checkpoints[i].step, step) < step_distance(checkpoints[best].step, step)) best = i;
  return best;
}

std::int64_t TrainingRecord::nearest_step(std::int64_t step) const {
  return checkpoints.empty() ? 0 : checkpoints[nearest_index(step)].step;
}

const CheckpointMetrics* TrainingRecord::at_step(std::int64_t step) const {
  for (const auto& c : checkpoints)
    if (c.step == step) return &c;
  return nullptr;
}

Result<TrainingRecord> training_record_from(const ManifestContents& manifest) {
  if (!manifest.is_object) return fail("manifest.json is not a JSON object");
  if (!manifest.has_checkpoint_list) return fail("manifest.json has no \"checkpoints\" list");
  TrainingRecord record;
  for (const ManifestCheckpoint& c : manifest.checkpoints) {
    if (!c.step) return fail("manifest.json: a checkpoint has no integer \"step\"");
    CheckpointMetrics m;
    m.step = *c.step;
    m.train_loss = c.train_loss;
    m.val_loss = c.val_loss;
    // The analysis's metrics are read only in the schema version this app knows.
    if (c.analysis_version && *c.analysis_version == kAnalysisVersion) {
      m.nonsense_accuracy = c.nonsense_accuracy;
      m.heads = c.heads;
    }
    record.checkpoints.push_back(m);
  }
  std::sort(record.checkpoints.begin(), record.checkpoints.end(),
            [](const CheckpointMetrics& a, const CheckpointMetrics& b) { return a.step < b.step; });

  const ManifestRecipe& r = manifest.recipe;
  Recipe& out = record.recipe;
  out.init = r.init;
  out.repeat_share = r.repeat_share;
  if (r.repeat_min) out.repeat_min_length = static_cast<int>(*r.repeat_min);
  if (r.repeat_max) out.repeat_max_length = static_cast<int>(*r.repeat_max);
  if (r.batch) out.batch_size = static_cast<int>(*r.batch);
  out.steps = r.steps;
  out.learning_rate = r.learning_rate;
  return record;
}

Result<TrainingRecord> parse_training_record(std::string_view manifest_json) {
  return training_record_from(read_manifest(manifest_json));
}

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

std::optional<LossBump> find_loss_bump(const TrainingRecord& record, std::int64_t from_step, std::int64_t to_step) {
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

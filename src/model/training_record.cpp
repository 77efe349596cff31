#include "am/model/training_record.hpp"

#include <algorithm>
#include <cstdlib>

#include "am/model/nearest_step.hpp"
#include "am/model/weights_dir.hpp"

namespace am {

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
  return am::nearest_index(checkpoints.size(), step, [&](std::size_t i) { return checkpoints[i].step; })
      .value_or(0);
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

  record.recipe = manifest.recipe;
  return record;
}

Result<TrainingRecord> parse_training_record(std::string_view manifest_json) {
  return training_record_from(read_manifest(manifest_json));
}

}  // namespace am

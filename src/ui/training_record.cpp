#include "am/ui/training_record.hpp"

#include <algorithm>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "json_fields.hpp"

namespace am::ui {
namespace jf = json_fields;

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
    if (std::llabs(checkpoints[i].step - step) < std::llabs(checkpoints[best].step - step)) best = i;
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

Result<TrainingRecord> parse_training_record(std::string_view manifest_json) {
  const nlohmann::json j = nlohmann::json::parse(manifest_json, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return fail("manifest.json is not a JSON object");
  const auto it = j.find("checkpoints");
  if (it == j.end() || !it->is_array()) return fail("manifest.json has no \"checkpoints\" list");
  TrainingRecord record;
  for (const auto& c : *it) {
    const auto step = jf::integer(c, {"step"});
    if (!step) return fail("manifest.json: a checkpoint has no integer \"step\"");
    CheckpointMetrics m;
    m.step = *step;
    // Metrics may sit beside the step or inside a "metrics" object.
    const nlohmann::json* metrics = jf::member(c, {"metrics"});
    const nlohmann::json& src = metrics && metrics->is_object() ? *metrics : c;
    m.train_loss = jf::number(src, {"train_loss", "smoothed_train_loss", "loss"});
    m.val_loss = jf::number(src, {"val_loss", "validation_loss"});
    m.nonsense_accuracy = jf::number(src, {"nonsense_accuracy", "copy_accuracy", "accuracy"});
    record.checkpoints.push_back(m);
  }
  std::sort(record.checkpoints.begin(), record.checkpoints.end(),
            [](const CheckpointMetrics& a, const CheckpointMetrics& b) { return a.step < b.step; });

  if (const nlohmann::json* r = jf::member(j, {"recipe"})) {
    Recipe& out = record.recipe;
    out.init = jf::string(*r, {"init"});
    out.repeat_share = jf::number(*r, {"repeat_share", "repeated_share", "repeat_fraction"});
    if (auto v = jf::integer(*r, {"repeat_min_length", "repeat_min"})) out.repeat_min_length = static_cast<int>(*v);
    if (auto v = jf::integer(*r, {"repeat_max_length", "repeat_max"})) out.repeat_max_length = static_cast<int>(*v);
    if (auto v = jf::integer(*r, {"batch_size", "batch"})) out.batch_size = static_cast<int>(*v);
    if (auto v = jf::integer(*r, {"window", "context", "seq_len"})) out.window = static_cast<int>(*v);
    out.steps = jf::integer(*r, {"steps", "total_steps"});
    out.learning_rate = jf::number(*r, {"learning_rate", "lr"});
    if (const nlohmann::json* books = jf::member(*r, {"books", "corpus_files"}); books && books->is_array())
      for (const auto& b : *books)
        if (b.is_string()) out.books.push_back(b.get<std::string>());
  }
  return record;
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

std::optional<PhaseChange> find_phase_change(const TrainingRecord& record, double low, double high) {
  const auto& cs = record.checkpoints;
  std::optional<std::size_t> last_low;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    if (!cs[i].nonsense_accuracy) continue;
    const double a = *cs[i].nonsense_accuracy;
    if (a >= high) {
      if (!last_low) return std::nullopt;  // already copying at the first measured checkpoint
      PhaseChange p;
      p.before_step = cs[*last_low].step;
      p.before_accuracy = *cs[*last_low].nonsense_accuracy;
      p.after_step = cs[i].step;
      p.after_accuracy = a;
      return p;
    }
    if (a <= low) last_low = i;
  }
  return std::nullopt;
}

std::optional<LossBump> find_loss_bump(const TrainingRecord& record, std::int64_t from_step, std::int64_t to_step) {
  std::optional<LossBump> best;
  const auto& cs = record.checkpoints;
  for (std::size_t i = 0; i + 1 < cs.size(); ++i) {
    if (cs[i].step < from_step || cs[i + 1].step > to_step) continue;
    if (!cs[i].train_loss || !cs[i + 1].train_loss) continue;
    const double rise = *cs[i + 1].train_loss - *cs[i].train_loss;
    if (rise <= 0.0) continue;
    if (!best || rise > best->to_loss - best->from_loss)
      best = LossBump{cs[i].step, cs[i + 1].step, *cs[i].train_loss, *cs[i + 1].train_loss};
  }
  return best;
}

}  // namespace am::ui

#include "am/ui/model_engine.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "am/model/forward.hpp"
#include "am/model/run_folder.hpp"
#include "am/model/runs_index.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/weights_dir.hpp"
#include "am/ui/generation.hpp"
#include "am/ui/nonsense_accuracy.hpp"

namespace am::ui {

Result<std::unique_ptr<ModelEngine>> ModelEngine::load(const std::filesystem::path& folder,
                                                       std::optional<std::int64_t> up_to) {
  // a folder of several runs (runs.json) opens its first run
  auto dir = run_dir(folder);
  if (!dir) return fail(dir.error());
  const std::filesystem::path& weights_dir = *dir;
  // One bad checkpoint or a malformed manifest costs only itself (load_run_folder).
  auto run = load_run_folder(weights_dir);
  if (!run) return fail(run.error());
  if (up_to) {
    std::erase_if(run->weights, [&](const StoredWeights& w) { return w.step > *up_to; });
    if (run->weights.empty())
      return fail(weights_dir.string() + ": no checkpoint up to step " + std::to_string(*up_to));
  }

  std::unique_ptr<ModelEngine> engine(new ModelEngine());
  engine->load_messages_ = run->messages();
  if (run->manifest_usable) {
    auto record = parse_training_record(run->manifest.raw_json);
    if (record) {
      engine->training_ = std::move(*record);
    } else {
      engine->load_messages_.push_back((weights_dir / "manifest.json").string() + ": " + record.error() +
                                       " \u2014 shown without the training curves");
    }
  }
  // The drum and the curves hold only the checkpoints that loaded.
  std::vector<CheckpointMetrics> kept;
  for (const StoredWeights& w : run->weights) {
    const CheckpointMetrics* m = engine->training_.at_step(w.step);
    kept.push_back(m ? *m : CheckpointMetrics{w.step, {}, {}, {}, {}});
  }
  engine->training_.checkpoints = std::move(kept);
  engine->stored_ = std::move(run->weights);
  for (const StoredWeights& w : engine->stored_) engine->steps_.push_back(w.step);

  const std::filesystem::path analysis_path = weights_dir / "analysis.json";
  std::ifstream in(analysis_path, std::ios::binary);
  if (!in) {
    engine->analysis_message_ =
        "no analysis.json in " + weights_dir.string() +
        ": the chapters cannot name heads from measured scores (run attention-analyze)";
  } else {
    std::ostringstream text;
    text << in.rdbuf();
    auto analysis = parse_analysis_summary(text.str());
    if (analysis)
      engine->analysis_ = std::move(*analysis);
    else {
      engine->analysis_message_ = analysis_path.string() + ": " + analysis.error();
      engine->load_messages_.push_back(engine->analysis_message_ +
                                       " \u2014 the chapters use live figures only");
    }
  }
  return engine;
}

std::optional<std::size_t> ModelEngine::checkpoint_index(std::int64_t step) const {
  const auto it = std::lower_bound(steps_.begin(), steps_.end(), step);
  if (it == steps_.end() || *it != step) return std::nullopt;
  return static_cast<std::size_t>(it - steps_.begin());
}

std::size_t ModelEngine::nearest_index(std::int64_t step) const {
  const std::int64_t snapped = snap_to_checkpoint(steps_, step);
  return *checkpoint_index(snapped);
}

Activations ModelEngine::forward(std::int64_t step, std::span<const int> ids, const HeadMask& pulled) {
  return am::forward(*weights_at(step), ids, pulled);
}

Result<Generation> ModelEngine::generate(std::int64_t step, std::span<const int> ids, const HeadMask& pulled,
                                         int count, const WriteSettings& how) {
  return generate_greedy(*weights_at(step), ids, pulled, count, how);
}

Status ModelEngine::screenshot(const std::filesystem::path& path) {
  if (!screenshot_) return fail("screenshots need the window; this run has none");
  return screenshot_(path);
}

std::optional<double> ModelEngine::nonsense_accuracy(std::int64_t step, const HeadMask& pulled) {
  return ui::nonsense_accuracy(*weights_at(step), pulled);
}

Status ModelEngine::start_training(const ScriptCommand& command) {
  if (!train_) return fail("training is not available here");
  return train_(command);
}

void ModelEngine::set_measured_accuracy(std::int64_t step, double accuracy) {
  for (CheckpointMetrics& m : training_.checkpoints)
    if (m.step == step && !m.nonsense_accuracy) m.nonsense_accuracy = accuracy;
}

ChapterContext ModelEngine::chapter_context(const AppState& state) {
  ChapterContext c;
  c.state = &state;
  c.weights = weights_at(state.step);
  c.training = &training_;
  c.analysis = analysis();
  return c;
}

}  // namespace am::ui

#include "am/ui/model_engine.hpp"

#include <fstream>
#include <sstream>

#include "am/model/forward.hpp"
#include "am/model/runs_index.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/weights_dir.hpp"
#include "am/ui/generation.hpp"
#include "am/ui/nonsense_accuracy.hpp"

namespace am::ui {

Result<std::unique_ptr<ModelEngine>> ModelEngine::load(const std::filesystem::path& folder,
                                                       std::optional<std::int64_t> up_to) {
  // a folder of several runs (runs.json) opens its first run
  auto run = run_dir(folder);
  if (!run) return fail(run.error());
  const std::filesystem::path& weights_dir = *run;
  auto manifest = load_manifest(weights_dir);
  if (!manifest) return fail(manifest.error());
  auto record = parse_training_record(manifest->raw_json);
  if (!record) return fail((weights_dir / "manifest.json").string() + ": " + record.error());
  if (up_to) {
    std::erase_if(manifest->checkpoints, [&](const CheckpointEntry& e) { return e.step > *up_to; });
    std::erase_if(record->checkpoints, [&](const CheckpointMetrics& m) { return m.step > *up_to; });
    if (manifest->checkpoints.empty()) return fail(weights_dir.string() + ": no checkpoint up to step " + std::to_string(*up_to));
  }

  std::unique_ptr<ModelEngine> engine(new ModelEngine());
  engine->training_ = std::move(*record);
  for (const CheckpointEntry& entry : manifest->checkpoints) {
    auto w = load_weights(weights_dir / entry.file);
    if (!w) return fail(w.error());
    w->step = entry.step;
    engine->weights_.push_back(std::move(*w));
  }
  engine->live_ = engine->weights_.size() - 1;

  const std::filesystem::path analysis_path = weights_dir / "analysis.json";
  std::ifstream in(analysis_path, std::ios::binary);
  if (!in) {
    engine->analysis_message_ = "no analysis.json in " + weights_dir.string() +
                                ": the chapters cannot name heads from measured scores (run attention-analyze)";
  } else {
    std::ostringstream text;
    text << in.rdbuf();
    auto analysis = parse_analysis_summary(text.str());
    if (analysis)
      engine->analysis_ = std::move(*analysis);
    else
      engine->analysis_message_ = analysis_path.string() + ": " + analysis.error();
  }
  return engine;
}

std::vector<std::int64_t> ModelEngine::checkpoint_steps() const {
  std::vector<std::int64_t> steps;
  for (const Weights& w : weights_) steps.push_back(w.step);
  return steps;
}

Status ModelEngine::set_step(std::int64_t step) {
  for (std::size_t i = 0; i < weights_.size(); ++i)
    if (weights_[i].step == step) {
      live_ = i;
      return Ok{};
    }
  return fail("there is no checkpoint at step " + std::to_string(step));
}

Activations ModelEngine::forward(std::span<const int> ids, const HeadMask& pulled) {
  return am::forward(live(), ids, pulled);
}

Result<Generation> ModelEngine::generate(std::span<const int> ids, const HeadMask& pulled, int count,
                                         const WriteSettings& how) {
  return generate_greedy(live(), ids, pulled, count, how);
}

Status ModelEngine::screenshot(const std::filesystem::path& path) {
  if (!screenshot_) return fail("screenshots need the window; this run has none");
  return screenshot_(path);
}

std::optional<double> ModelEngine::nonsense_accuracy(const HeadMask& pulled) {
  return ui::nonsense_accuracy(live(), pulled);
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
  c.weights = &live();
  c.training = &training_;
  c.analysis = analysis();
  return c;
}

}  // namespace am::ui

// The Engine scripts (and the window) run on: every checkpoint's weights held in
// memory as stored (float16 stays float16), so the drum and the background caches switch instantly (the
// shipped folder is at most 16 MiB), with the manifest's training record and the analysis beside them.
// Rendering stays outside: screenshots go through a callback the window installs.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "am/model/stored_weights.hpp"
#include "am/model/weights.hpp"
#include "am/model/widened_lru.hpp"
#include "am/ui/analysis_summary.hpp"
#include "am/ui/script_runner.hpp"
#include "am/ui/training_record.hpp"

namespace am::ui {

class ModelEngine final : public Engine {
 public:
  using ScreenshotFn = std::function<Status(const std::filesystem::path&)>;

  // Loads every checkpoint listed in weights_dir/manifest.json and, if present,
  // weights_dir/analysis.json (a missing or unreadable analysis is not an error:
  // analysis() is null and analysis_message() says why). The engine holds no current
  // checkpoint: every pass names the step it reads (the session's AppState::step).
  // A checkpoint that fails to load is left out, and a malformed manifest falls back to
  // the file names (load_run_folder); load_messages() says what was left out and why.
  // Fails only when no checkpoint loads.
  // up_to: only the checkpoints at or before this step (a growing run's measured ones).
  static Result<std::unique_ptr<ModelEngine>> load(const std::filesystem::path& weights_dir,
                                                   std::optional<std::int64_t> up_to = std::nullopt);

  void set_screenshot(ScreenshotFn fn) { screenshot_ = std::move(fn); }
  // The app's trainer, for a script's "train" and "wait-training" lines.
  using TrainFn = std::function<Status(const ScriptCommand&)>;
  using BusyFn = std::function<bool()>;
  void set_training(TrainFn train, BusyFn busy) {
    train_ = std::move(train);
    busy_ = std::move(busy);
  }
  // A growing run's checkpoints are measured in memory before the analysis writes them.
  void set_measured_accuracy(std::int64_t step, double accuracy);
  // key, focus, resize and dump go to the window that installs this.
  using WindowFn = std::function<Status(const ScriptCommand&)>;
  void set_window_commands(WindowFn fn) { window_ = std::move(fn); }

  std::size_t checkpoint_count() const { return stored_.size(); }
  // Checkpoint i in float32, widened on demand (thread-safe; hold the pointer while using it).
  std::shared_ptr<const Weights> weights(std::size_t i) const { return widened_.get(i); }
  // The checkpoints as stored: float16 ones stay float16 in memory.
  const std::vector<StoredWeights>& stored() const { return stored_; }
  // The index of the checkpoint at exactly `step`, or nullopt.
  std::optional<std::size_t> checkpoint_index(std::int64_t step) const;
  // The index of the checkpoint nearest to `step` (ties: the earlier).
  std::size_t nearest_index(std::int64_t step) const;
  // The checkpoint nearest to `step`, widened (hold the pointer while using it).
  std::shared_ptr<const Weights> weights_at(std::int64_t step) const { return weights(nearest_index(step)); }
  const TrainingRecord& training() const { return training_; }
  const AnalysisSummary* analysis() const { return analysis_ ? &*analysis_ : nullptr; }
  const std::string& analysis_message() const { return analysis_message_; }
  const std::vector<std::string>& load_messages() const { return load_messages_; }

  const std::vector<std::int64_t>& checkpoint_steps() const override { return steps_; }
  Activations forward(std::int64_t step, std::span<const int> ids, const HeadMask& pulled) override;
  Result<Generation> generate(std::int64_t step, std::span<const int> ids, const HeadMask& pulled, int count,
                              const WriteSettings& how) override;
  Status screenshot(const std::filesystem::path& path) override;
  std::optional<double> nonsense_accuracy(std::int64_t step, const HeadMask& pulled) override;
  ChapterContext chapter_context(const AppState& state) override;
  Status start_training(const ScriptCommand& command) override;
  bool training_busy() const override { return busy_ && busy_(); }
  Status window_command(const ScriptCommand& command) override {
    return window_ ? window_(command) : Engine::window_command(command);
  }

 private:
  ModelEngine() = default;
  std::vector<StoredWeights> stored_;  // one per checkpoint, in step order
  std::vector<std::int64_t> steps_;    // stored_[i].step, for the drum and the scripts
  // The checkpoints a pass needs widened: the drum's, and the sweep's current ones (two
  // threads), with a few to spare for scrubbing back and forth.
  static constexpr std::size_t kWidenedCheckpoints = 8;
  mutable WidenedLru widened_{stored_, kWidenedCheckpoints};
  TrainingRecord training_;
  std::optional<AnalysisSummary> analysis_;
  std::string analysis_message_;
  std::vector<std::string> load_messages_;  // checkpoints left out, manifest not used
  ScreenshotFn screenshot_;
  TrainFn train_;
  BusyFn busy_;
  WindowFn window_;
};

}  // namespace am::ui

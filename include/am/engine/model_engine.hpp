// One run's checkpoints, as the session and the scripts read them: every checkpoint's
// weights held in memory as stored (float16 stays float16), so the drum and the background
// caches switch instantly (the shipped folder is at most 16 MiB), with the manifest's
// training record and the analysis beside them. No window, trainer or renderer: the app
// joins them to scripts (its script port).
#pragma once

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "am/engine/generation.hpp"
#include "am/model/activations.hpp"
#include "am/model/analysis_summary.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/run_folder.hpp"
#include "am/model/stored_weights.hpp"
#include "am/model/training_record.hpp"
#include "am/model/weights.hpp"
#include "am/model/widened_lru.hpp"

namespace am::engine {

class ModelEngine final {
 public:
  // Loads every checkpoint listed in weights_dir/manifest.json and, if present,
  // weights_dir/analysis.json (a missing or unreadable analysis is not an error:
  // analysis() is null and analysis_message() says why). The engine holds no current
  // checkpoint: every pass names the step it reads (the session's AppState::step).
  // A checkpoint that fails to load is left out, and a malformed manifest falls back to
  // the file names (list_run_folder); load_messages() says what was left out and why.
  // Fails only when no checkpoint loads.
  // up_to: only the checkpoints at or before this step (a growing run's measured ones).
  static Result<std::unique_ptr<ModelEngine>> load(const std::filesystem::path& weights_dir,
                                                   std::optional<std::int64_t> up_to = std::nullopt);

  struct OpenOptions {
    // Load the final checkpoint (or the newest that loads) now and the others on a thread
    // of the engine's own, newest first; false: every checkpoint before open returns.
    bool background = false;
    std::optional<std::int64_t> up_to;
    // Called on the loading thread before checkpoint i is read (tests hold the loader here).
    std::function<void(std::size_t)> before_load;
  };
  // load() with options. With `background`, checkpoint_steps() lists every checkpoint of
  // the folder at once (the drum and the curves show them all); is_loaded(i) says which
  // are in. A checkpoint that fails stays listed until drop_failed().
  static Result<std::unique_ptr<ModelEngine>> open(const std::filesystem::path& weights_dir,
                                                   const OpenOptions& options);
  ~ModelEngine();
  ModelEngine(const ModelEngine&) = delete;
  ModelEngine& operator=(const ModelEngine&) = delete;

  // A growing run's checkpoints are measured in memory before the analysis writes them.
  void set_measured_accuracy(std::int64_t step, double accuracy);

  std::size_t checkpoint_count() const { return stored_.size(); }
  // Checkpoint i in float32, widened on demand (thread-safe; hold the pointer while using it).
  // A checkpoint still loading is waited for: background threads only. The window's
  // thread asks weights_at(), which never waits.
  std::shared_ptr<const Weights> weights(std::size_t i) const;
  // Background loading: how many checkpoints are in, whether some are still being read,
  // whether checkpoint i is in, and the steps that are.
  std::size_t loaded_count() const;
  bool loading() const;
  bool is_loaded(std::size_t i) const;
  std::vector<std::int64_t> loaded_steps() const;
  // Every checkpoint has been read and some failed: drop_failed() takes them off the list
  // (call it with no cache reading this engine: the indices change). Returns the messages.
  bool needs_drop() const;
  std::vector<std::string> drop_failed();
  // The index of the checkpoint at exactly `step`, or nullopt.
  std::optional<std::size_t> checkpoint_index(std::int64_t step) const;
  // The index of the loaded checkpoint nearest to `step` (ties: the earlier); never waits.
  std::size_t nearest_index(std::int64_t step) const;
  // The loaded checkpoint nearest to `step`, widened (hold the pointer while using it).
  std::shared_ptr<const Weights> weights_at(std::int64_t step) const { return weights(nearest_index(step)); }
  const TrainingRecord& training() const { return training_; }
  const AnalysisSummary* analysis() const { return analysis_ ? &*analysis_ : nullptr; }
  const std::string& analysis_message() const { return analysis_message_; }
  const std::vector<std::string>& load_messages() const { return load_messages_; }

  // Steps of the listed checkpoints, sorted ascending (never empty).
  const std::vector<std::int64_t>& checkpoint_steps() const { return steps_; }
  // The forward pass of the loaded checkpoint nearest `step` over `ids` (at most kContext).
  Activations forward(std::int64_t step, std::span<const int> ids, const HeadMask& pulled) const;
  // Writes `count` characters after `ids` at that checkpoint, one at a time with the KV cache.
  Generation generate(std::int64_t step, std::span<const int> ids, const HeadMask& pulled, int count,
                      const WriteSettings& how) const;
  // Accuracy on the repeated-nonsense set with these heads pulled, at that checkpoint.
  std::optional<double> nonsense_accuracy(std::int64_t step, const HeadMask& pulled) const;

 private:
  ModelEngine() = default;
  void load_slot(std::size_t i);  // reads checkpoint i unless it was read already
  void load_the_rest();           // the loading thread
  // The checkpoints left out so far, in step order (the background loader goes newest first).
  std::vector<SkippedCheckpoint> skipped_in_step_order() const;

  std::filesystem::path dir_;
  std::vector<CheckpointEntry> entries_;  // what the folder lists, in step order
  std::vector<StoredWeights> stored_;     // one per entry; slot i is valid once slots_[i] is kLoaded
  static constexpr std::uint8_t kPending = 0, kLoaded = 1, kFailed = 2;
  std::unique_ptr<std::atomic<std::uint8_t>[]> slots_;
  mutable std::mutex load_mutex_;  // guards the counts, skipped_ and stopping_
  mutable std::condition_variable load_cv_;
  std::size_t loaded_ = 0, resolved_ = 0;
  std::vector<SkippedCheckpoint> skipped_;
  bool stopping_ = false;
  std::function<void(std::size_t)> before_load_;
  std::thread loader_;
  std::vector<std::int64_t> steps_;  // stored_[i].step, for the drum and the scripts
  // The checkpoints a pass needs widened: the drum's, and the sweep's current ones (two
  // threads), with a few to spare for scrubbing back and forth.
  static constexpr std::size_t kWidenedCheckpoints = 8;
  mutable WidenedLru widened_{stored_, kWidenedCheckpoints};
  TrainingRecord training_;
  std::optional<AnalysisSummary> analysis_;
  std::string analysis_message_;
  std::vector<std::string> load_messages_;  // checkpoints left out, manifest not used
};

}  // namespace am::engine

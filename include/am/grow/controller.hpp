// The training controller behind the app's "Grow your own": runs attention-train's engine
// (am::train::run_training) on a run thread plus one pool thread, with Start, Pause, Resume
// and Stop; measures each new checkpoint's nonsense accuracy on a low-priority worker as it
// arrives; and when the run ends, analyses it with the same analyse_run attention-analyze
// uses. The UI thread only reads progress() and checkpoints(), each a copy under a short
// lock, and never waits for a training step. No GL, GLFW or ImGui here.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "am/core/result.hpp"
#include "am/grow/presets.hpp"
#include "am/grow/run_store.hpp"
#include "am/grow/training_progress.hpp"
#include "am/train/recipe.hpp"

namespace am::grow {

// One checkpoint of the run, as the drum shows it.
struct GrownCheckpoint {
  std::int64_t step = 0;
  std::string file;                  // inside the run's folder
  double train_loss_smoothed = 0.0;  // nats per character
  std::optional<double> val_loss;
  std::optional<double> nonsense_accuracy;  // once the worker has measured it
};

struct NewRun {
  std::string name;
  Preset preset = Preset::kShipped;
  train::Recipe recipe;                           // from preset_recipe
  std::optional<std::filesystem::path> own_text;  // a learner's file or folder; else the recipe's corpus
};

struct ControllerOptions {
  std::filesystem::path runs_root;    // where runs go (runs_root() in the app)
  std::filesystem::path shipped_dir;  // the shipped weights: never written
  int threads = 2;                    // the run thread and one pool thread
  bool measure = true;                // nonsense accuracy of each checkpoint
  bool analyse = true;                // the whole analysis once the run ends
};

class TrainingController {
 public:
  explicit TrainingController(ControllerOptions options);
  ~TrainingController();  // a run still going is stopped (its resume state saved) first
  TrainingController(const TrainingController&) = delete;
  TrainingController& operator=(const TrainingController&) = delete;

  // A new run in runs_root/NAME. Quick checks happen here (name, folder, lock); reading the
  // text and training happen on the run thread, whose errors land in progress().message.
  Status start(NewRun run);
  // Continues a run closed or killed mid-way, from its saved state.
  Status continue_run(const std::string& name);
  void pause();
  void resume();
  void stop();  // asks the run to save and end; returns at once
  void wait();  // returns once the run thread (and its analysis) is done
  bool active() const { return active_.load(); }

  TrainingProgress progress() const;
  std::vector<GrownCheckpoint> checkpoints() const;
  std::uint64_t revision() const { return revision_.load(); }
  const ControllerOptions& options() const { return options_; }

 private:
  Status launch(const std::filesystem::path& dir, train::Recipe recipe,
                std::optional<std::filesystem::path> own_text, bool fresh);
  void run_thread(std::filesystem::path dir, train::Recipe recipe,
                  std::optional<std::filesystem::path> own_text, bool fresh);
  void measure_thread(std::filesystem::path dir);
  void set_phase(Phase phase, std::string message = {});
  void join();

  ControllerOptions options_;
  mutable std::mutex mutex_;  // guards progress_, checkpoints_, queue_
  TrainingProgress progress_;
  std::vector<GrownCheckpoint> checkpoints_;
  std::deque<std::size_t> queue_;  // indices of checkpoints_ awaiting measurement
  bool no_more_ = false;
  std::condition_variable queue_cv_;
  std::condition_variable pause_cv_;
  bool paused_ = false;
  std::atomic<bool> interrupt_{false};
  std::atomic<bool> active_{false};
  std::atomic<std::uint64_t> revision_{0};
  std::optional<RunLock> lock_;
  std::thread thread_;
  std::thread measurer_;
};

}  // namespace am::grow

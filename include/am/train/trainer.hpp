// The training run: corpus -> batches -> loss and gradient -> AdamW, with
// checkpoints, the manifest, the resume state and a progress line.
#pragma once

#include <atomic>
#include <functional>
#include <ostream>
#include <set>
#include <string>

#include "am/core/result.hpp"
#include "am/train/checkpoints.hpp"
#include "am/train/recipe.hpp"

namespace am::train {

struct RunSummary {
  std::int64_t steps_run = 0;      // updates made by this call
  std::int64_t next_step = 0;      // where a --resume would continue
  bool finished = false;           // reached --steps
  double seconds = 0.0;            // wall time of the training loop in this call
  double last_train_loss_smoothed = 0.0;
  double last_val_loss = 0.0;
};

// Where a run stands after one step (its update made), for a controller's progress bar.
struct StepProgress {
  std::int64_t step = 0;        // the step just done
  std::int64_t steps = 0;       // the recipe's last step
  std::int64_t steps_run = 0;   // updates made by this call so far
  double loss = 0.0;            // this step's batch, nats per character
  double loss_smoothed = 0.0;
  double learning_rate = 0.0;
};

// Optional observers of a run, called on the training thread. on_step may block (a paused
// run waits there; nothing is lost, the next step starts when it returns). on_checkpoint is
// called once the checkpoint's file and its manifest entry are both on disk.
struct TrainingHooks {
  std::function<void(const StepProgress&)> on_step;
  std::function<void(const CheckpointRecord&)> on_checkpoint;
};

// Runs (or, with recipe.resume, continues) the run the recipe describes. `given` lists the
// flags named on the command line (a resumed run must not contradict its saved recipe).
// Returns after the last step, at --stop-at, or once *interrupt turns true; the resume
// state is saved in every case. Progress goes to `log`.
Result<RunSummary> run_training(Recipe recipe, const std::set<std::string>& given, std::ostream& log,
                         const std::atomic<bool>* interrupt = nullptr, const TrainingHooks* hooks = nullptr);

}  // namespace am::train

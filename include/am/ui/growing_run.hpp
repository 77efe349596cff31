// What the chapters and panels know about a run being grown in the app: a copy of the
// training controller's progress, made once per frame by the session. Plain data, so the
// UI library needs nothing of the trainer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "am/model/training_record.hpp"

namespace am::ui {

// The chapter whose panel trains ("Grow your own").
inline constexpr int kGrowChapter = 11;

struct GrowingRun {
  std::string phase;            // "idle", "preparing", "training", "paused", "stopping",
                                // "analysing", "finished", "stopped", "failed"
  std::string name;             // the run's folder name
  std::string preset;           // "shipped", "plain", "custom"
  bool own_text = false;        // trained on a learner's own text, not the six novels
  std::int64_t step = -1;       // last step done
  std::int64_t steps = 0;       // the recipe's last step
  double loss_smoothed = 0.0;   // nats per character
  double chars_per_second = 0.0;
  double seconds_left = 0.0;
  std::size_t checkpoints = 0;  // written so far
  std::size_t measured = 0;     // of those, with nonsense accuracy
  std::size_t analysed = 0, analysis_total = 0;
  std::string corpus_report;
  std::string message;
  TrainingRecord record;        // the checkpoints so far, with measured accuracy and the recipe
  bool following = true;        // the drum follows the newest checkpoint

  bool running() const { return phase == "preparing" || phase == "training" || phase == "paused" ||
                                phase == "stopping" || phase == "analysing"; }
};

// A run folder the app saved, for the run menu.
struct SavedRunEntry {
  std::string name;
  std::string preset;
  std::string status;           // "finished", "closed mid-way", "empty"
  std::int64_t next_step = 0, steps = 0;
  std::size_t checkpoints = 0;
};

}  // namespace am::ui

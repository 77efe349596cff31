// What the chapters and panels know about a run being grown in the app: the training
// controller's progress as it reported it this frame, with the checkpoints measured so
// far. Plain data (training_progress.hpp), so the UI library needs nothing of the trainer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "am/grow/training_progress.hpp"
#include "am/model/training_record.hpp"

namespace am::ui {

// The chapter whose panel trains ("Grow your own").
inline constexpr int kGrowChapter = 11;

struct GrowingRun {
  grow::TrainingProgress progress;  // the controller's report, as it was this frame
  bool own_text = false;            // trained on a learner's own text, not the six novels
  TrainingRecord record;            // the checkpoints so far, with measured accuracy and the recipe
  bool following = true;            // the drum follows the newest checkpoint
  bool shown = false;               // the machine shows this run (the learner may open another)
  std::int64_t followed_step = -1;  // the newest step the drum was put on while following

  bool running() const { return grow::running(progress.phase); }
};

// A run folder the app saved, for the run menu.
struct SavedRunEntry {
  std::string name;
  std::string preset;
  std::string status;  // "finished", "closed mid-way", "empty"
  std::int64_t next_step = 0, steps = 0;
  std::size_t checkpoints = 0;
};

}  // namespace am::ui

// What the training controller reports of its run, as plain data: the UI shows it as it
// is (ui::GrowingRun holds one), so this header needs nothing of the trainer.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace am::grow {

enum class Phase {
  kIdle,
  kPreparing,
  kTraining,
  kPaused,
  kStopping,
  kAnalysing,
  kFinished,
  kStopped,
  kFailed
};

// "idle", "preparing", "training", ... (the dump's and the panel's words).
constexpr const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::kIdle:
      return "idle";
    case Phase::kPreparing:
      return "preparing";
    case Phase::kTraining:
      return "training";
    case Phase::kPaused:
      return "paused";
    case Phase::kStopping:
      return "stopping";
    case Phase::kAnalysing:
      return "analysing";
    case Phase::kFinished:
      return "finished";
    case Phase::kStopped:
      return "stopped";
    case Phase::kFailed:
      return "failed";
  }
  return "?";
}

// Started and not yet over: preparing, training, paused, stopping or analysing.
constexpr bool running(Phase phase) {
  return phase == Phase::kPreparing || phase == Phase::kTraining || phase == Phase::kPaused ||
         phase == Phase::kStopping || phase == Phase::kAnalysing;
}

struct TrainingProgress {
  Phase phase = Phase::kIdle;
  std::string run_name;
  std::filesystem::path run_dir;
  std::string preset;
  std::int64_t step = -1;         // the last step done (-1: none yet)
  std::int64_t steps = 0;         // the recipe's last step
  double loss_smoothed = 0.0;     // nats per character
  double chars_per_second = 0.0;  // characters read by training, per second of training
  double seconds = 0.0;           // training time of this session, pauses excluded
  double seconds_left = 0.0;      // at the current pace
  std::size_t checkpoints = 0;    // written so far
  std::size_t measured = 0;       // of those, with their nonsense accuracy
  std::size_t analysed = 0, analysis_total = 0;
  std::string corpus_report;   // what the corpus intake found (a user's own text)
  std::string message;         // the last error or event, for the status line
  std::uint64_t revision = 0;  // changes whenever the checkpoint list does
};

}  // namespace am::grow

// The whole analysis of one run's folder, as attention-analyze does it: every checkpoint
// in manifest.json measured, the final one studied, the metrics written back into the
// manifest and everything into analysis.json. The command-line tool and the in-app
// training controller both call this one function, so a run grown in the app gets
// exactly the analysis a shipped run gets.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>

#include "am/core/result.hpp"

namespace am::analysis {

struct RunAnalysisOptions {
  std::filesystem::path dir;         // the run's folder (manifest.json and its checkpoints)
  std::filesystem::path corpus_dir;  // the .txt files the run was trained on
  bool final_only = false;           // measure only the last checkpoint
  int threads = 0;                   // 0: every core
  // Called after each checkpoint is measured (any thread, one call at a time).
  std::function<void(std::size_t done, std::size_t total)> progress;
};

struct RunAnalysisSummary {
  std::int64_t final_step = 0;
  double final_accuracy = 0.0;  // repeated nonsense, every head in
  std::size_t checkpoints = 0;  // measured by this call
};

// Progress and the summary the tool prints go to `log`.
Result<RunAnalysisSummary> analyse_run(const RunAnalysisOptions& options, std::ostream& log);

}  // namespace am::analysis

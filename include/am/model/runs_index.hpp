// A weights folder holds either one run (manifest.json, checkpoints, analysis.json) or
// several: runs.json lists them, each in its own sub-folder. Everything that opens
// weights resolves a run folder through here, so both layouts open the same way.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "am/core/result.hpp"

namespace am {

struct RunInfo {
  std::string name;         // folder name and the --run / script "run" name
  std::string title;        // shown in the run menu
  std::string arrangement;  // one line: how the training text was arranged
  std::string recipe;       // the trainer's flags, as runs.json gives them
  std::filesystem::path dir;
};

inline constexpr const char* kRunsIndexFile = "runs.json";

// The runs under `root`: from root/runs.json if present (in its order; an entry whose
// folder has no manifest.json is an error), else root itself as one run named after
// the folder.
Result<std::vector<RunInfo>> list_runs(const std::filesystem::path& root);

// The folder of run `name` under root ("" = the first run).
// "no run named 'NAME' (runs: a, b)": the one message for a run asked for by a name no run has.
std::string no_run_named(std::string_view name, const std::vector<std::string>& names);

Result<std::filesystem::path> run_dir(const std::filesystem::path& root, std::string_view name = {});

}  // namespace am

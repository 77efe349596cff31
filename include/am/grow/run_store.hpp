// Where runs grown in the app live ($XDG_DATA_HOME/attention-machine/runs/NAME/), the list
// of them, renaming and deleting, and the lock that keeps two instances off one run.
// A run folder holds what attention-train writes (step_*.safetensors, manifest.json),
// analysis.json once analysed, and hidden files of the app's own: .state.safetensors (the
// resume state), .run.json (preset, corpus, status), .lock and .corpus/ (a user's text).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "am/core/result.hpp"

namespace am::grow {

inline constexpr const char* kStateFile = ".state.safetensors";
inline constexpr const char* kRunInfoFile = ".run.json";
inline constexpr const char* kLockFile = ".lock";
inline constexpr const char* kCorpusFolder = ".corpus";

// $XDG_DATA_HOME/attention-machine/runs, else $HOME/.local/share/attention-machine/runs.
Result<std::filesystem::path> runs_root();

// A run name is a folder name: letters, digits, '-', '_', '.', not starting with '.'.
Status check_run_name(const std::string& name);

enum class RunStatus { kFinished, kResumable, kEmpty };

struct SavedRun {
  std::string name;
  std::filesystem::path dir;
  RunStatus status = RunStatus::kEmpty;
  std::int64_t next_step = 0;  // from .run.json, where a resume would continue
  std::int64_t steps = 0;      // the recipe's last step
  std::size_t checkpoints = 0; // listed in the manifest
  std::string preset;
};

// Every run folder under root, sorted by name. Unreadable entries are skipped.
std::vector<SavedRun> list_runs(const std::filesystem::path& root);
// The runs a start should offer to continue: closed (or killed) before their last step.
std::vector<SavedRun> resumable_runs(const std::filesystem::path& root);

// Both refuse a folder that is not directly under root (the shipped weights are never
// touched) and a run that another process holds locked.
Status rename_run(const std::filesystem::path& root, const std::string& from, const std::string& to);
Status delete_run(const std::filesystem::path& root, const std::string& name);

// .run.json: read (empty object when absent or bad) and written atomically.
nlohmann::json read_run_info(const std::filesystem::path& dir);
Status write_run_info(const std::filesystem::path& dir, const nlohmann::json& info);

// An exclusive flock on DIR/.lock, held for the object's life. The file names the holder
// (program and process id) so a refused second instance can say who has the run.
class RunLock {
 public:
  static Result<RunLock> acquire(const std::filesystem::path& dir);
  RunLock(RunLock&& other) noexcept;
  RunLock& operator=(RunLock&& other) noexcept;
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;
  ~RunLock();

 private:
  explicit RunLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace am::grow

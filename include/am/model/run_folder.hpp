// Loading one run folder (manifest.json + checkpoints) without letting one bad file cost
// the learner the others: a checkpoint that fails to load is left out with its reason,
// a malformed manifest falls back to the checkpoint file names, and only a folder with no
// usable checkpoint at all is an error. The model engine (am/engine/model_engine.hpp) puts the
// pieces together: the listing first, then each checkpoint, in the background or not.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "am/core/result.hpp"
#include "am/model/stored_weights.hpp"
#include "am/model/weights.hpp"
#include "am/model/weights_dir.hpp"

namespace am {

struct SkippedCheckpoint {
  std::int64_t step = 0;
  std::string file;    // relative to the folder
  std::string reason;  // e.g. "truncated, 17,336 of 56,996 bytes"
  // "step 4,000: truncated, 17,336 of 56,996 bytes — left out"
  std::string message() const;
};

// What a run folder lists, before any checkpoint is read: the manifest's checkpoints, or,
// when the manifest is missing or malformed, the step_NNNNNN.safetensors file names.
struct RunListing {
  Manifest manifest;                     // its checkpoints moved to `entries`
  std::vector<CheckpointEntry> entries;  // sorted by step
  bool manifest_usable = true;
  std::string manifest_message;  // why the manifest was not used (empty when it was)
};
// Fails only when `dir` is not a folder.
Result<RunListing> list_run_folder(const std::filesystem::path& dir);

// One checkpoint of the listing: its weights (step set; float16 stays float16), or why it
// was left out.
std::variant<StoredWeights, SkippedCheckpoint> load_checkpoint(const std::filesystem::path& dir,
                                                               const CheckpointEntry& entry);

// The error of a folder where no checkpoint loads: each file's reason, one per line.
std::string no_usable_checkpoint(const std::filesystem::path& dir, const RunListing& listing,
                                 const std::vector<SkippedCheckpoint>& skipped);

// The checkpoints found from file names alone (step_NNNNNN.safetensors), sorted by step.
std::vector<CheckpointEntry> checkpoints_from_file_names(const std::filesystem::path& dir);

// Why `path` failed to load, in words for the learner (no path prefix): a truncated
// file says how many bytes it has and how many its header promises.
std::string describe_load_failure(const std::filesystem::path& path, const std::string& loader_error);

// 1234567 → "1,234,567".
std::string group_thousands(std::int64_t value);

}  // namespace am

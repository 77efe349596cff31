// Finding the shipped weights/ folder and its manifest with no flags.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "am/core/result.hpp"
#include "am/model/manifest.hpp"
#include "am/model/nearest_step.hpp"

namespace am {

// Order: the explicit override; $AM_WEIGHTS_DIR; beside the executable
// (weights/ and ../share/attention-machine/weights); the source tree's weights/.
Result<std::filesystem::path> find_weights_dir(const std::optional<std::filesystem::path>& override_dir);

struct CheckpointEntry {
  std::int64_t step = 0;
  std::string file;  // relative to the weights folder
};

struct Manifest {
  std::filesystem::path dir;
  std::vector<CheckpointEntry> checkpoints;  // sorted by step
  ManifestContents contents;                 // everything the file says, read once (file order)
  std::string raw_json;                      // the file's text as read

  const CheckpointEntry& final_checkpoint() const { return checkpoints.back(); }
  // The checkpoint whose step is closest to `step` (ties: the earlier).
  const CheckpointEntry& nearest(std::int64_t step) const;
};

Result<Manifest> load_manifest(const std::filesystem::path& weights_dir);
// The same from the manifest's text (what load_manifest reads; the fuzzer's entry point):
// read_manifest, then every checkpoint must name an integer step >= 0 and a plain file.
Result<Manifest> parse_manifest(std::string text, const std::filesystem::path& weights_dir);

}  // namespace am

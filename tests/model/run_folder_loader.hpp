// A whole run folder read at once, from the library's pieces (list_run_folder, then
// load_checkpoint for each entry): what the tests of those pieces check, the way the
// model engine puts them together when it loads in the foreground.
#pragma once

#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "am/model/run_folder.hpp"

namespace am::test {

struct LoadedRunFolder {
  Manifest manifest;                   // only the checkpoints that loaded
  std::vector<StoredWeights> weights;  // one per manifest.checkpoints entry, same order; step set
  std::vector<SkippedCheckpoint> skipped;
  bool manifest_usable = true;
  std::string manifest_message;

  // Every message a learner would see, one per line (manifest first, then the skipped).
  std::vector<std::string> messages() const {
    std::vector<std::string> out;
    if (!manifest_message.empty()) out.push_back(manifest_message);
    for (const auto& s : skipped) out.push_back(s.message());
    return out;
  }
};

// Fails only when no checkpoint loads (every file's reason listed) or `dir` is no folder.
inline Result<LoadedRunFolder> load_run_folder(const std::filesystem::path& dir) {
  auto listing = list_run_folder(dir);
  if (!listing) return fail(listing.error());
  LoadedRunFolder run;
  run.manifest = std::move(listing->manifest);
  run.manifest_usable = listing->manifest_usable;
  run.manifest_message = listing->manifest_message;
  for (const CheckpointEntry& entry : listing->entries) {
    auto loaded = load_checkpoint(dir, entry);
    if (auto* skipped = std::get_if<SkippedCheckpoint>(&loaded)) {
      run.skipped.push_back(std::move(*skipped));
      continue;
    }
    run.weights.push_back(std::get<StoredWeights>(std::move(loaded)));
    run.manifest.checkpoints.push_back(entry);
  }
  if (run.weights.empty()) return fail(no_usable_checkpoint(dir, *listing, run.skipped));
  return run;
}

}  // namespace am::test

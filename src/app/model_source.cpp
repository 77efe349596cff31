#include "model_source.hpp"

#include <algorithm>

#include "am/model/run_folder.hpp"
#include "am/model/runs_index.hpp"
#include "am/model/safetensors.hpp"

namespace am::app {

Result<LoadedModel> load_model(const std::optional<std::filesystem::path>& weights_file,
                               const std::optional<std::filesystem::path>& weights_dir,
                               std::optional<long long> step, const std::string& run) {
  LoadedModel loaded;
  if (weights_file) {
    auto w = load_weights(*weights_file);
    if (!w) return fail(w.error());
    loaded.weights = std::move(*w);
    loaded.file = *weights_file;
    return loaded;
  }
  auto root = find_weights_dir(weights_dir);
  if (!root) return fail(root.error());
  auto dir = run_dir(*root, run);
  if (!dir) return fail(dir.error());
  // Degrade, don't refuse: a malformed manifest falls back to the file names, and a
  // checkpoint that fails to load gives way to the nearest one that loads.
  auto manifest = load_manifest(*dir);
  if (!manifest) {
    Manifest found;
    found.dir = *dir;
    found.checkpoints = checkpoints_from_file_names(*dir);
    loaded.messages.push_back(manifest.error() + " \u2014 the checkpoints were found from their file names");
    if (found.checkpoints.empty()) return fail(manifest.error() + " (and no step_NNNNNN.safetensors file)");
    manifest = std::move(found);
  }
  const std::int64_t wanted = step ? *step : manifest->final_checkpoint().step;
  std::vector<CheckpointEntry> order = manifest->checkpoints;
  std::stable_sort(order.begin(), order.end(), [wanted](const CheckpointEntry& a, const CheckpointEntry& b) {
    return step_distance(a.step, wanted) < step_distance(b.step, wanted);
  });
  std::string reasons;
  for (const CheckpointEntry& entry : order) {
    const auto path = *dir / entry.file;
    auto w = load_weights(path);
    if (!w) {
      SkippedCheckpoint skipped{entry.step, entry.file, describe_load_failure(path, w.error())};
      loaded.messages.push_back(skipped.message());
      reasons += "\n  " + skipped.message();
      continue;
    }
    loaded.file = path;
    loaded.weights = std::move(*w);
    loaded.weights.step = entry.step;
    loaded.manifest = std::move(*manifest);
    return loaded;
  }
  return fail(dir->string() + ": no usable checkpoint" + reasons);
}

}  // namespace am::app

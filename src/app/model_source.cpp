#include "model_source.hpp"

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
  auto manifest = load_manifest(*dir);
  if (!manifest) return fail(manifest.error());
  const CheckpointEntry& entry = step ? manifest->nearest(*step) : manifest->final_checkpoint();
  loaded.file = *dir / entry.file;
  auto w = load_weights(loaded.file);
  if (!w) return fail(w.error());
  loaded.weights = std::move(*w);
  loaded.weights.step = entry.step;
  loaded.manifest = std::move(*manifest);
  return loaded;
}

}  // namespace am::app

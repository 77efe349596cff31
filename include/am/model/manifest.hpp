// The one reader of a run's manifest.json: its text becomes a typed record once, and
// every consumer takes what it needs from that (load_manifest the checkpoint files,
// the UI's training record the curves, the head scores and the recipe). The reader
// keeps whatever it finds; what counts as a usable manifest is each consumer's call.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "am/model/head_scores.hpp"
#include "am/core/result.hpp"

namespace am {

// One entry of "checkpoints". A field of the wrong type counts as absent.
struct ManifestCheckpoint {
  std::optional<std::int64_t> step;              // an integer, or absent
  std::optional<std::string> file;               // relative to the run folder, unchecked
  std::optional<double> train_loss;              // smoothed training loss if written, else the raw one
  std::optional<double> val_loss;                // held-out loss, nats/char
  std::optional<std::int64_t> analysis_version;  // schema of the analysis's metrics below
  std::optional<double> nonsense_accuracy;       // repeated nonsense, right the second time
  std::optional<HeadTable> heads;                // "head_scores", if all eight heads are there
};

// "recipe": the trainer's flags under their command-line names.
struct ManifestRecipe {
  std::optional<std::string> init;         // "init"
  std::optional<double> repeat_share;      // "repeat-share"
  std::optional<std::int64_t> repeat_min;  // "repeat-min"
  std::optional<std::int64_t> repeat_max;  // "repeat-max"
  std::optional<std::int64_t> batch;       // "batch"
  std::optional<std::int64_t> steps;       // "steps"
  std::optional<double> learning_rate;     // "lr"
};

struct ManifestContents {
  bool is_object = false;                       // false: not JSON, or JSON but not an object
  bool has_checkpoint_list = false;             // "checkpoints" is an array (possibly empty)
  std::vector<ManifestCheckpoint> checkpoints;  // in the file's order
  ManifestRecipe recipe;
};

// Never fails: malformed text gives is_object == false.
ManifestContents read_manifest(std::string_view text);

// The text of `weights_dir`/manifest.json, or "cannot open <path>".
Result<std::string> read_manifest_text(const std::filesystem::path& weights_dir);

}  // namespace am

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

// "recipe": the trainer's flags under their command-line names. The one recipe struct
// outside the trainer: the view of am::train::Recipe (its to_json(), all flags with
// defaults) that the app reads, for a shipped run from its manifest and for a run being
// grown from train::manifest_recipe(). Absent: the manifest does not say (or the field
// has the wrong type).
struct ManifestRecipe {
  std::optional<std::string> init;         // "init": "torch", "normal"; "random" for an untrained checkpoint
  std::optional<double> repeat_share;      // "repeat-share": share of windows holding a repeated passage
  std::optional<std::int64_t> repeat_min;  // "repeat-min": passage lengths, characters
  std::optional<std::int64_t> repeat_max;  // "repeat-max"
  std::optional<std::int64_t> batch;       // "batch": windows per step
  std::optional<std::int64_t> steps;       // "steps": steps in the run
  std::optional<double> learning_rate;     // "lr": peak learning rate
};
// The recipe object's JSON text (the manifest's "recipe") read as above.
ManifestRecipe read_manifest_recipe(std::string_view recipe_json);

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

// Everything that decides a training run, parsed and validated from the command
// line, and written into the manifest so a run can be repeated bit for bit.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "am/core/result.hpp"
#include "am/model/manifest.hpp"
#include "am/train/batcher.hpp"
#include "am/train/init.hpp"
#include "am/train/optimizer.hpp"

namespace am::train {

struct Recipe {
  // Data.
  std::filesystem::path corpus;  // default: the checkout's ../shared/corpus
  std::int64_t steps = 9000;
  int batch = 48;
  double repeat_share = 0.5;
  int repeat_min = 4;
  int repeat_max = 32;
  int repeat_pick = 1;  // repeat the most surprising of this many candidate passages
  // Optimisation.
  double lr = 1e-2;
  std::int64_t warmup = 200;
  ScheduleKind schedule = ScheduleKind::kCosine;
  double min_lr_frac = 0.1;
  double beta1 = 0.9;
  double beta2 = 0.99;
  double eps = 1e-8;
  double weight_decay = 0.01;
  DecayOn decay_on = DecayOn::kAll;
  double clip = 1.0;
  double embed_lr_mult = 1.0;
  // Initialisation.
  std::uint64_t seed = 0;
  InitKind init = InitKind::kTorch;
  double init_std = 0.02;
  std::optional<double> embed_std;  // unset: 1.0 for torch, init_std for normal
  // Checkpoints.
  int dense_every = 25;
  std::int64_t dense_from = 0;
  std::int64_t dense_to = 3000;
  int sparse_every = 250;
  int val_windows = 256;
  bool checkpoint_f16 = false;  // store checkpoints as float16 (half the bytes); training stays float32
  // The run itself (these never change the weights).
  std::filesystem::path out;
  std::optional<std::filesystem::path> state;  // default: <out>.state.safetensors beside out
  int threads = 2;
  bool resume = false;
  std::optional<std::int64_t> stop_at;
  int log_every = 100;
  double max_weights_mib = 16.0;

  double resolved_embed_std() const;
  std::filesystem::path state_path() const;
  AdamWSettings adamw() const;
  ScheduleSettings schedule_settings() const;
  InitSettings init_settings() const;
  BatchSettings batch_settings() const;

  // Every setting that shapes the weights, by its flag name ("lr", "repeat-share", ...).
  nlohmann::ordered_json to_json() const;
  // The command that repeats this run (the result-shaping flags, all spelled out).
  std::string command_line() const;
};

struct ParsedArgs {
  Recipe recipe;
  std::set<std::string> given;  // flag names that appeared on the command line
  bool help = false;
};

// The recipe as the manifest records it and the app reads it back (am/model/manifest.hpp):
// read from to_json(), so the names and the values are the manifest's own.
ManifestRecipe manifest_recipe(const Recipe& recipe);

// Parses "--flag value" / "--flag=value" arguments (argv[0] excluded) and validates them.
Result<ParsedArgs> parse_args(const std::vector<std::string>& args);
// Checks ranges and consistency; the message names the flag.
Status validate(const Recipe& recipe);
// Overwrites the result-shaping settings of `recipe` with those saved in `saved`
// (a to_json() object). Fails if `given` names a flag whose value differs from the saved one.
Status adopt_saved_recipe(Recipe& recipe, const std::set<std::string>& given, const nlohmann::ordered_json& saved);

std::string help_text();

}  // namespace am::train

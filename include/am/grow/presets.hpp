// The recipes a learner can pick in the app. None is typed in here: the shipped recipe is
// read from the shipped run's manifest, "plain novels" is that recipe with no repeated
// passages, and "custom" changes a few of its settings through the trainer's own flag
// parser, so the ranges and messages are exactly attention-train's.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "am/core/result.hpp"
#include "am/train/recipe.hpp"

namespace am::grow {

enum class Preset { kShipped, kPlain, kCustom };
const char* preset_name(Preset preset);            // "shipped", "plain", "custom"
Result<Preset> parse_preset(const std::string& name);

// The shipped run trained on plain novels, in a weights folder of several runs.
inline constexpr const char* kPlainRunName = "plain";

// The settings "custom" lets a learner change, by the trainer's flag names.
inline constexpr const char* kCustomFlags[] = {"repeat-share", "repeat-min", "repeat-max", "lr", "steps", "seed"};

// The recipe of a preset, from the shipped runs' manifests in shipped_dir (a run folder, or
// a folder of runs: the first is the shipped recipe, "plain" the plain one).
// `overrides` ("steps" -> "300", ...) are applied with the trainer's validation; for
// kShipped and kPlain only "steps" and "seed" are accepted (a shorter try of the same recipe).
// The corpus is the trainer's default (the six novels); out and state are left empty.
Result<train::Recipe> preset_recipe(Preset preset, const std::filesystem::path& shipped_dir,
                                    const std::map<std::string, std::string>& overrides = {});

}  // namespace am::grow

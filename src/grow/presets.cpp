#include "am/grow/presets.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "am/core/named_enum.hpp"
#include "am/model/runs_index.hpp"

namespace am::grow {
namespace {

namespace fs = std::filesystem;

constexpr NamedValue<Preset> kPresetNames[] = {
    {Preset::kShipped, "shipped"}, {Preset::kPlain, "plain"}, {Preset::kCustom, "custom"}};

// The recipe in a shipped run's manifest: `run` names it ("" = the first, the shipped one).
Result<nlohmann::ordered_json> shipped_recipe_json(const fs::path& shipped_root, const std::string& run) {
  auto dir = am::run_dir(shipped_root, run);  // the shipped runs index, not grow::run_dir (a learner's run)
  if (!dir) return fail("cannot read the shipped run's recipe: " + dir.error());
  const fs::path path = *dir / "manifest.json";
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot read the shipped run's recipe: " + path.string() + " is missing");
  std::stringstream text;
  text << in.rdbuf();
  auto doc = nlohmann::ordered_json::parse(text.str(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("recipe") || !doc["recipe"].is_object())
    return fail(path.string() + ": has no recipe to train from");
  return doc["recipe"];
}

std::string value_text(const nlohmann::ordered_json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

}  // namespace

const char* preset_name(Preset preset) { return name_of(kPresetNames, preset); }

Result<Preset> parse_preset(const std::string& name) {
  if (const auto p = parse_name(kPresetNames, name)) return *p;
  return fail("unknown preset '" + name + "' (" + names_listed(kPresetNames) + ")");
}

Result<train::Recipe> preset_recipe(Preset preset, const fs::path& shipped_dir,
                                    const std::map<std::string, std::string>& overrides) {
  // "plain novels" is the shipped plain run's own recipe when the weights hold one; else the
  // shipped recipe with no repeated passages.
  bool plain_from_run = false;
  auto saved = shipped_recipe_json(shipped_dir, "");
  if (preset == Preset::kPlain)
    if (auto plain = shipped_recipe_json(shipped_dir, kPlainRunName); plain && plain->value("repeat-share", 1.0) == 0.0) {
      saved = std::move(plain);
      plain_from_run = true;
    }
  if (!saved) return fail(saved.error());
  // The trainer's own parser fills the defaults (corpus lookup included); then every
  // weight-shaping setting is taken from the shipped manifest.
  auto base = train::parse_args({"--out", "unset"});
  if (!base) return fail(base.error());
  train::Recipe recipe = base->recipe;
  if (auto ok = train::adopt_saved_recipe(recipe, {}, *saved); !ok)
    return fail("the shipped recipe cannot be used: " + ok.error());
  // The novels: the trainer's default folder, else the one the shipped run was trained on.
  std::error_code ec;
  if (!fs::is_directory(recipe.corpus, ec) && saved->contains("corpus") && (*saved)["corpus"].is_string())
    if (const fs::path shipped_corpus = (*saved)["corpus"].get<std::string>(); fs::is_directory(shipped_corpus, ec))
      recipe.corpus = shipped_corpus;

  std::map<std::string, std::string> settings = overrides;
  if (preset == Preset::kPlain) {
    if (settings.count("repeat-share")) return fail("the plain preset has no repeated passages; use custom");
    if (!plain_from_run) settings["repeat-share"] = "0";
  }
  for (const auto& [flag, value] : overrides) {
    const bool allowed = preset == Preset::kCustom ? std::find(std::begin(kCustomFlags), std::end(kCustomFlags),
                                                               flag) != std::end(kCustomFlags)
                                                   : flag == "steps" || flag == "seed";
    if (!allowed) return fail(std::string("the ") + preset_name(preset) + " preset does not take --" + flag);
  }
  if (settings.empty()) return recipe;

  // Re-parse the whole recipe as a command line: the trainer validates each flag and the mix.
  std::vector<std::string> args = {"--out", "unset"};
  const nlohmann::ordered_json current = recipe.to_json();
  for (auto it = current.begin(); it != current.end(); ++it) {
    if (it.key() == "corpus" || it.key() == "threads") continue;
    const auto o = settings.find(it.key());
    args.push_back("--" + it.key());
    args.push_back(o != settings.end() ? o->second : value_text(it.value()));
  }
  // A shorter run keeps its warm-up inside it and its dense checkpoints within its steps.
  if (settings.count("steps")) {
    const auto replace = [&](const std::string& flag, std::int64_t value) {
      for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "--" + flag) args[i + 1] = std::to_string(value);
    };
    auto steps = train::parse_args({"--out", "unset", "--warmup", "0", "--steps", settings["steps"]});
    if (!steps) return fail(steps.error());
    const std::int64_t n = steps->recipe.steps;
    if (recipe.warmup > n) replace("warmup", n);
    if (recipe.dense_to > n) replace("dense-to", n);
    if (recipe.dense_from > n) replace("dense-from", 0);
  }
  auto parsed = train::parse_args(args);
  if (!parsed) return fail(parsed.error());
  parsed->recipe.corpus = recipe.corpus;
  return parsed->recipe;
}

}  // namespace am::grow

#include "am/train/recipe.hpp"

#include <sstream>

#include "am/cli/flag_bindings.hpp"

namespace am::train {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// kShapes: decides the weights (must match when resuming). kInfo: recorded, may change.
// kRun: how this process runs; not recorded.
enum class Kind { kShapes, kInfo, kRun };

using cli::Interval;
using Flags = cli::FlagTable<Recipe, Kind>;
using Flag = Flags::Entry;

// The order here is the order of the help, the JSON and the command line.
const Flags& flags() {
  static const Flags table = [] {
    using cli::one_of, cli::parsed_by, cli::path, cli::real_number, cli::switch_on, cli::whole_number;
    constexpr std::int64_t kMaxSteps = 10'000'000;
    constexpr std::int64_t kNoSteps = 0;
    Flags t;
    t.add("corpus", "DIR",
          "folder of Project Gutenberg .txt files (default: ../shared/corpus of the checkout)",
          path(&Recipe::corpus))
        .tagged(Kind::kInfo);
    t.add("out", "DIR", "where checkpoints and manifest.json go (required; new or empty unless --resume)",
          path(&Recipe::out))
        .tagged(Kind::kRun);
    t.add("steps", "N", "optimizer updates", whole_number(&Recipe::steps, std::int64_t{1}, kMaxSteps));
    t.add("batch", "N", "windows of 64 characters per update", whole_number(&Recipe::batch, 1, 4096));
    t.add("repeat-share", "X", "share of windows that repeat one passage to fill the window",
          real_number(&Recipe::repeat_share, {0.0, 1.0}));
    t.add("repeat-min", "L", "shortest repeated passage, characters",
          whole_number(&Recipe::repeat_min, 1, kContext));
    t.add("repeat-max", "L", "longest repeated passage, characters",
          whole_number(&Recipe::repeat_max, 1, kContext));
    t.add("repeat-pick", "K",
          "repeat the passage with the rarest letters (highest unigram surprisal) of K drawn",
          whole_number(&Recipe::repeat_pick, 1, 64));
    t.add("lr", "X", "peak learning rate", real_number(&Recipe::lr, {0.0, 10.0, true}));
    t.add("warmup", "N", "updates of linear warm-up from 0",
          whole_number(&Recipe::warmup, kNoSteps, kMaxSteps));
    t.add("schedule", "cosine|const", "after warm-up: cosine decay to --min-lr-frac, or constant",
          parsed_by(&Recipe::schedule, parse_schedule, to_string));
    t.add("min-lr-frac", "X", "cosine floor as a fraction of --lr",
          real_number(&Recipe::min_lr_frac, {0.0, 1.0}));
    t.add("beta1", "X", "Adam first-moment decay", real_number(&Recipe::beta1, {0.0, 1.0, false, true}));
    t.add("beta2", "X", "Adam second-moment decay", real_number(&Recipe::beta2, {0.0, 1.0, false, true}));
    t.add("eps", "X", "Adam epsilon", real_number(&Recipe::eps, {0.0, 1.0, true, true}));
    t.add("weight-decay", "X", "AdamW decoupled weight decay",
          real_number(&Recipe::weight_decay, {0.0, 1.0}));
    t.add("decay-on", "all|matrices|matrices-no-embed|none", "tensors weight decay shrinks",
          parsed_by(&Recipe::decay_on, parse_decay_on, to_string));
    t.add("clip", "X", "clip gradients to this global norm; 0 = off", real_number(&Recipe::clip, {0.0, 1e6}));
    t.add("embed-lr-mult", "X", "learning-rate factor for embed.weight and unembed.*",
          real_number(&Recipe::embed_lr_mult, {0.0, 100.0, true}));
    t.add("seed", "N", "seed for initial weights and batches", whole_number(&Recipe::seed, std::uint64_t{0}));
    t.add("init", "torch|normal", "initial weights: PyTorch defaults, or N(0, --init-std) matrices",
          parsed_by(&Recipe::init, parse_init, to_string));
    t.add("init-std", "X", "standard deviation of matrices under --init normal",
          real_number(&Recipe::init_std, {0.0, 10.0, true}));
    // Recorded as the value in effect, so a saved recipe does not depend on this default rule.
    t.add("embed-std", "X",
          "standard deviation of the token embedding (default 1 for torch, --init-std for normal)",
          real_number(&Recipe::embed_std, {0.0, 100.0}))
        .default_not_in_help()
        .valued_by([](const Recipe& r) -> cli::FlagValue { return r.resolved_embed_std(); });
    t.add("dense-every", "N", "checkpoint every N steps inside [--dense-from, --dense-to]",
          whole_number(&Recipe::dense_every, 1, 1'000'000));
    t.add("dense-from", "STEP", "start of the densely checkpointed stretch",
          whole_number(&Recipe::dense_from, kNoSteps, kMaxSteps));
    t.add("dense-to", "STEP", "end of the densely checkpointed stretch",
          whole_number(&Recipe::dense_to, kNoSteps, kMaxSteps));
    t.add("sparse-every", "N", "checkpoint every N steps elsewhere",
          whole_number(&Recipe::sparse_every, 1, 1'000'000));
    t.add("val-windows", "N", "held-out windows for the validation loss; 0 = all",
          whole_number(&Recipe::val_windows, 0, 1'000'000));
    t.add("checkpoint-dtype", "f32|f16",
          "how checkpoints are stored: f16 halves their size (training itself is float32; default {default})",
          one_of(&Recipe::checkpoint_f16, {{"f32", false}, {"f16", true}}));
    t.add("threads", "N", "threads (default {default}); the weights are the same for any count",
          whole_number(&Recipe::threads, 1, 64))
        .tagged(Kind::kInfo);
    t.add("state", "FILE", "resume state (default: <out>.state.safetensors beside the out folder)",
          path(&Recipe::state))
        .tagged(Kind::kRun);
    t.add("resume", "", "continue the run in --out from its saved state", switch_on(&Recipe::resume))
        .tagged(Kind::kRun);
    t.add("stop-at", "STEP", "save state and stop once this step is reached (continue later with --resume)",
          whole_number(&Recipe::stop_at, kNoSteps))
        .tagged(Kind::kRun);
    t.add("log-every", "N", "print a progress line every N steps; 0 = quiet",
          whole_number(&Recipe::log_every, 0, 1'000'000))
        .tagged(Kind::kRun);
    t.add("max-weights-mib", "X", "refuse a checkpoint plan bigger than this; 0 = no limit",
          real_number(&Recipe::max_weights_mib, {0.0, 1e6}))
        .tagged(Kind::kRun);
    return t;
  }();
  return table;
}

json to_json(const cli::FlagValue& v) {
  return std::visit(
      [](const auto& x) -> json {
        if constexpr (std::is_same_v<std::decay_t<decltype(x)>, std::monostate>)
          return nullptr;
        else
          return json(x);
      },
      v);
}

json recorded(const Flag& f, const Recipe& r) { return to_json(f.value(r)); }

std::string value_text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

}  // namespace

double Recipe::resolved_embed_std() const {
  if (embed_std) return *embed_std;
  return init == InitKind::kTorch ? 1.0 : init_std;
}

fs::path Recipe::state_path() const {
  if (state) return *state;
  fs::path dir = out.lexically_normal();
  if (!dir.has_filename()) dir = dir.parent_path();                      // "runs/a/" -> "runs/a"
  if (dir.empty() || dir.filename() == "." || dir.filename() == "..") {  // "." -> "/home/me/run"
    dir = fs::absolute(dir).lexically_normal();
    if (!dir.has_filename()) dir = dir.parent_path();
  }
  return dir.parent_path() / (dir.filename().string() + ".state.safetensors");
}

AdamWSettings Recipe::adamw() const { return {beta1, beta2, eps, weight_decay, decay_on, embed_lr_mult}; }

ScheduleSettings Recipe::schedule_settings() const { return {lr, warmup, steps, schedule, min_lr_frac}; }

InitSettings Recipe::init_settings() const { return {init, init_std, resolved_embed_std(), seed}; }

BatchSettings Recipe::batch_settings() const {
  return {batch, repeat_share, repeat_min, repeat_max, repeat_pick};
}

json Recipe::to_json() const {
  json j = json::object();
  for (const Flag& f : flags().flags())
    if (f.tag != Kind::kRun) j[f.name] = recorded(f, *this);
  return j;
}

std::string Recipe::command_line() const {
  std::string cmd = "attention-train --corpus " + corpus.string() + " --out " + out.string();
  for (const Flag& f : flags().flags())
    if (f.tag == Kind::kShapes) cmd += " --" + f.name + " " + value_text(recorded(f, *this));
  return cmd;
}

ManifestRecipe manifest_recipe(const Recipe& recipe) { return read_manifest_recipe(recipe.to_json().dump()); }

Status validate(const Recipe& r) {
  if (r.out.empty()) return fail("--out DIR is required (the folder for checkpoints and manifest.json)");
  if (r.repeat_max < r.repeat_min)
    return fail("--repeat-max (" + std::to_string(r.repeat_max) + ") must be at least --repeat-min (" +
                std::to_string(r.repeat_min) + ")");
  if (r.warmup > r.steps)
    return fail("--warmup (" + std::to_string(r.warmup) + ") must not exceed --steps (" +
                std::to_string(r.steps) + ")");
  if (r.dense_to < r.dense_from)
    return fail("--dense-to (" + std::to_string(r.dense_to) + ") must not be before --dense-from (" +
                std::to_string(r.dense_from) + ")");
  if (r.stop_at && *r.stop_at > r.steps)
    return fail("--stop-at (" + std::to_string(*r.stop_at) + ") is past --steps (" + std::to_string(r.steps) +
                ")");
  if (r.lr * r.weight_decay * r.embed_lr_mult >= 1.0)
    return fail("--lr × --weight-decay (× --embed-lr-mult) must stay below 1, or decay would flip signs");
  return Ok{};
}

Result<ParsedArgs> parse_args(const std::vector<std::string>& args) {
  Recipe start;
  start.corpus = fs::path(AM_DEFAULT_CORPUS_DIR).lexically_normal();
  auto parsed = cli::parse_flags(flags(), args, {.each_flag_once = true}, std::move(start));
  if (!parsed) return fail(parsed.error());
  if (!parsed->help)
    if (auto ok = validate(parsed->options); !ok) return fail(ok.error());
  return ParsedArgs{std::move(parsed->options), std::move(parsed->given), parsed->help};
}

Status adopt_saved_recipe(Recipe& recipe, const std::set<std::string>& given, const json& saved) {
  if (!saved.is_object()) return fail("the saved state has no recipe");
  std::string conflicts;
  for (const Flag& f : flags().flags()) {
    if (f.tag != Kind::kShapes) continue;
    if (!saved.contains(f.name))
      return fail("the saved recipe lacks '" + f.name + "' (made by another version?)");
    const json& old_value = saved[f.name];
    if (given.count(f.name) && recorded(f, recipe) != old_value) {
      conflicts += "\n  --" + f.name + " " + value_text(recorded(f, recipe)) + " (the run used " +
                   value_text(old_value) + ")";
      continue;
    }
    if (auto ok = f.apply(recipe, value_text(old_value)); !ok)
      return fail("the saved recipe has a bad '" + f.name + "': " + ok.error());
  }
  if (!conflicts.empty())
    return fail("--resume continues a run with its own recipe; these flags differ from it:" + conflicts +
                "\nDrop them, or start a new run in another --out folder.");
  return validate(recipe);
}

std::string help_text() {
  std::ostringstream out;
  out << "attention-train: trains the Attention Machine's model on a folder of novels.\n\n"
         "Usage: attention-train --out DIR [--corpus DIR] [flags]\n"
         "       attention-train --out DIR --resume\n\n"
         "Writes DIR/step_NNNNNN.safetensors checkpoints and DIR/manifest.json (the recipe, and per\n"
         "checkpoint the smoothed training loss and the held-out validation loss). The resume state\n"
         "(weights, Adam moments, random-generator state) goes beside DIR, so DIR holds only what ships.\n"
         "Same flags (any --threads) give the same weights, bit for bit.\n\nFlags:\n";
  out << cli::flag_help(flags(), 34, Recipe{}) << cli::help_entry("  --help", "this text", 34);
  return out.str();
}

}  // namespace am::train

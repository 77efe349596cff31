#include "am/train/recipe.hpp"

#include <charconv>
#include <cmath>
#include <functional>
#include <limits>
#include <sstream>

namespace am::train {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// kShapes: decides the weights (must match when resuming). kInfo: recorded, may change.
// kRun: how this process runs; not recorded.
enum class Kind { kShapes, kInfo, kRun };

struct Flag {
  std::string name;
  std::string value_hint;  // "" for a switch
  std::string help;
  Kind kind;
  std::function<Status(Recipe&, std::string_view)> set;
  std::function<json(const Recipe&)> get;  // null for kRun flags that are not shown
};

template <typename T>
Result<T> parse_integer(std::string_view flag, std::string_view text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty())
    return fail("--" + std::string(flag) + " needs a whole number (got '" + std::string(text) + "')");
  return value;
}

Result<double> parse_real(std::string_view flag, std::string_view text) {
  double value = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty() || !std::isfinite(value))
    return fail("--" + std::string(flag) + " needs a number (got '" + std::string(text) + "')");
  return value;
}

// Setters that parse a value and check its range in one place.
template <typename T>
std::function<Status(Recipe&, std::string_view)> integer_in(T Recipe::*field, std::string name, T lo, T hi) {
  return [=](Recipe& r, std::string_view text) -> Status {
    auto v = parse_integer<T>(name, text);
    if (!v) return fail(v.error());
    if (*v < lo || *v > hi)
      return fail("--" + name + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                  " (got " + std::string(text) + ")");
    r.*field = *v;
    return Ok{};
  };
}

std::function<Status(Recipe&, std::string_view)> real_in(double Recipe::*field, std::string name, double lo,
                                                         double hi, bool lo_open = false, bool hi_open = false) {
  return [=](Recipe& r, std::string_view text) -> Status {
    auto v = parse_real(name, text);
    if (!v) return fail(v.error());
    const bool low_ok = lo_open ? *v > lo : *v >= lo;
    const bool high_ok = hi_open ? *v < hi : *v <= hi;
    if (!low_ok || !high_ok) {
      std::ostringstream range;
      range << (lo_open ? "(" : "[") << lo << ", " << hi << (hi_open ? ")" : "]");
      return fail("--" + name + " must be in " + range.str() + " (got " + std::string(text) + ")");
    }
    r.*field = *v;
    return Ok{};
  };
}

const std::vector<Flag>& flags() {
  static const std::vector<Flag> table = [] {
    constexpr std::int64_t kMaxSteps = 10'000'000;
    std::vector<Flag> f;
    const auto add = [&](Flag flag) { f.push_back(std::move(flag)); };
    add({"corpus", "DIR", "folder of Project Gutenberg .txt files (default: ../shared/corpus of the checkout)",
         Kind::kInfo,
         [](Recipe& r, std::string_view v) -> Status {
           if (v.empty()) return fail("--corpus needs a folder");
           r.corpus = fs::path(std::string(v));
           return Ok{};
         },
         [](const Recipe& r) { return json(r.corpus.string()); }});
    add({"out", "DIR", "where checkpoints and manifest.json go (required; new or empty unless --resume)",
         Kind::kRun,
         [](Recipe& r, std::string_view v) -> Status {
           if (v.empty()) return fail("--out needs a folder");
           r.out = fs::path(std::string(v));
           return Ok{};
         },
         nullptr});
    add({"steps", "N", "optimizer updates (default 9000)", Kind::kShapes,
         integer_in<std::int64_t>(&Recipe::steps, "steps", 1, kMaxSteps),
         [](const Recipe& r) { return json(r.steps); }});
    add({"batch", "N", "windows of 64 characters per update (default 48)", Kind::kShapes,
         integer_in<int>(&Recipe::batch, "batch", 1, 4096), [](const Recipe& r) { return json(r.batch); }});
    add({"repeat-share", "X", "share of windows that repeat one passage to fill the window (default 0.5)",
         Kind::kShapes, real_in(&Recipe::repeat_share, "repeat-share", 0.0, 1.0),
         [](const Recipe& r) { return json(r.repeat_share); }});
    add({"repeat-min", "L", "shortest repeated passage, characters (default 4)", Kind::kShapes,
         integer_in<int>(&Recipe::repeat_min, "repeat-min", 1, kContext),
         [](const Recipe& r) { return json(r.repeat_min); }});
    add({"repeat-max", "L", "longest repeated passage, characters (default 32)", Kind::kShapes,
         integer_in<int>(&Recipe::repeat_max, "repeat-max", 1, kContext),
         [](const Recipe& r) { return json(r.repeat_max); }});
    add({"repeat-pick", "K",
         "repeat the passage with the rarest letters (highest unigram surprisal) of K drawn (default 1)",
         Kind::kShapes, integer_in<int>(&Recipe::repeat_pick, "repeat-pick", 1, 64),
         [](const Recipe& r) { return json(r.repeat_pick); }});
    add({"lr", "X", "peak learning rate (default 1e-2)", Kind::kShapes, real_in(&Recipe::lr, "lr", 0.0, 10.0, true),
         [](const Recipe& r) { return json(r.lr); }});
    add({"warmup", "N", "updates of linear warm-up from 0 (default 200)", Kind::kShapes,
         integer_in<std::int64_t>(&Recipe::warmup, "warmup", 0, kMaxSteps),
         [](const Recipe& r) { return json(r.warmup); }});
    add({"schedule", "cosine|const", "after warm-up: cosine decay to --min-lr-frac, or constant (default cosine)",
         Kind::kShapes,
         [](Recipe& r, std::string_view v) -> Status {
           auto s = parse_schedule(v);
           if (!s) return fail(s.error());
           r.schedule = *s;
           return Ok{};
         },
         [](const Recipe& r) { return json(to_string(r.schedule)); }});
    add({"min-lr-frac", "X", "cosine floor as a fraction of --lr (default 0.1)", Kind::kShapes,
         real_in(&Recipe::min_lr_frac, "min-lr-frac", 0.0, 1.0), [](const Recipe& r) { return json(r.min_lr_frac); }});
    add({"beta1", "X", "Adam first-moment decay (default 0.9)", Kind::kShapes,
         real_in(&Recipe::beta1, "beta1", 0.0, 1.0, false, true), [](const Recipe& r) { return json(r.beta1); }});
    add({"beta2", "X", "Adam second-moment decay (default 0.99)", Kind::kShapes,
         real_in(&Recipe::beta2, "beta2", 0.0, 1.0, false, true), [](const Recipe& r) { return json(r.beta2); }});
    add({"eps", "X", "Adam epsilon (default 1e-8)", Kind::kShapes, real_in(&Recipe::eps, "eps", 0.0, 1.0, true, true),
         [](const Recipe& r) { return json(r.eps); }});
    add({"weight-decay", "X", "AdamW decoupled weight decay (default 0.01)", Kind::kShapes,
         real_in(&Recipe::weight_decay, "weight-decay", 0.0, 1.0), [](const Recipe& r) { return json(r.weight_decay); }});
    add({"decay-on", "all|matrices|matrices-no-embed|none", "tensors weight decay shrinks (default all)",
         Kind::kShapes,
         [](Recipe& r, std::string_view v) -> Status {
           auto d = parse_decay_on(v);
           if (!d) return fail(d.error());
           r.decay_on = *d;
           return Ok{};
         },
         [](const Recipe& r) { return json(to_string(r.decay_on)); }});
    add({"clip", "X", "clip gradients to this global norm; 0 = off (default 1.0)", Kind::kShapes,
         real_in(&Recipe::clip, "clip", 0.0, 1e6), [](const Recipe& r) { return json(r.clip); }});
    add({"embed-lr-mult", "X", "learning-rate factor for embed.weight and unembed.* (default 1)", Kind::kShapes,
         real_in(&Recipe::embed_lr_mult, "embed-lr-mult", 0.0, 100.0, true),
         [](const Recipe& r) { return json(r.embed_lr_mult); }});
    add({"seed", "N", "seed for initial weights and batches (default 0)", Kind::kShapes,
         integer_in<std::uint64_t>(&Recipe::seed, "seed", 0, std::numeric_limits<std::uint64_t>::max()),
         [](const Recipe& r) { return json(r.seed); }});
    add({"init", "torch|normal", "initial weights: PyTorch defaults, or N(0, --init-std) matrices (default torch)",
         Kind::kShapes,
         [](Recipe& r, std::string_view v) -> Status {
           auto k = parse_init(v);
           if (!k) return fail(k.error());
           r.init = *k;
           return Ok{};
         },
         [](const Recipe& r) { return json(to_string(r.init)); }});
    add({"init-std", "X", "standard deviation of matrices under --init normal (default 0.02)", Kind::kShapes,
         real_in(&Recipe::init_std, "init-std", 0.0, 10.0, true), [](const Recipe& r) { return json(r.init_std); }});
    add({"embed-std", "X", "standard deviation of the token embedding (default 1 for torch, --init-std for normal)",
         Kind::kShapes,
         [](Recipe& r, std::string_view v) -> Status {
           auto x = parse_real("embed-std", v);
           if (!x) return fail(x.error());
           if (*x < 0.0 || *x > 100.0) return fail("--embed-std must be in [0, 100] (got " + std::string(v) + ")");
           r.embed_std = *x;
           return Ok{};
         },
         [](const Recipe& r) { return json(r.resolved_embed_std()); }});
    add({"dense-every", "N", "checkpoint every N steps inside [--dense-from, --dense-to] (default 25)", Kind::kShapes,
         integer_in<int>(&Recipe::dense_every, "dense-every", 1, 1'000'000),
         [](const Recipe& r) { return json(r.dense_every); }});
    add({"dense-from", "STEP", "start of the densely checkpointed stretch (default 0)", Kind::kShapes,
         integer_in<std::int64_t>(&Recipe::dense_from, "dense-from", 0, kMaxSteps),
         [](const Recipe& r) { return json(r.dense_from); }});
    add({"dense-to", "STEP", "end of the densely checkpointed stretch (default 3000)", Kind::kShapes,
         integer_in<std::int64_t>(&Recipe::dense_to, "dense-to", 0, kMaxSteps),
         [](const Recipe& r) { return json(r.dense_to); }});
    add({"sparse-every", "N", "checkpoint every N steps elsewhere (default 250)", Kind::kShapes,
         integer_in<int>(&Recipe::sparse_every, "sparse-every", 1, 1'000'000),
         [](const Recipe& r) { return json(r.sparse_every); }});
    add({"val-windows", "N", "held-out windows for the validation loss; 0 = all (default 256)", Kind::kShapes,
         integer_in<int>(&Recipe::val_windows, "val-windows", 0, 1'000'000),
         [](const Recipe& r) { return json(r.val_windows); }});
    add({"checkpoint-dtype", "f32|f16",
         "how checkpoints are stored: f16 halves their size (training itself is float32; default f32)",
         Kind::kShapes,
         [](Recipe& r, std::string_view v) -> Status {
           if (v != "f32" && v != "f16")
             return fail("--checkpoint-dtype must be f32 or f16 (got '" + std::string(v) + "')");
           r.checkpoint_f16 = v == "f16";
           return Ok{};
         },
         [](const Recipe& r) { return json(r.checkpoint_f16 ? "f16" : "f32"); }});
    add({"threads", "N", "threads (default 2); the weights are the same for any count", Kind::kInfo,
         integer_in<int>(&Recipe::threads, "threads", 1, 64), [](const Recipe& r) { return json(r.threads); }});
    add({"state", "FILE", "resume state (default: <out>.state.safetensors beside the out folder)", Kind::kRun,
         [](Recipe& r, std::string_view v) -> Status {
           if (v.empty()) return fail("--state needs a file name");
           r.state = fs::path(std::string(v));
           return Ok{};
         },
         nullptr});
    add({"resume", "", "continue the run in --out from its saved state", Kind::kRun,
         [](Recipe& r, std::string_view) -> Status {
           r.resume = true;
           return Ok{};
         },
         nullptr});
    add({"stop-at", "STEP", "save state and stop once this step is reached (continue later with --resume)",
         Kind::kRun,
         [](Recipe& r, std::string_view v) -> Status {
           auto s = parse_integer<std::int64_t>("stop-at", v);
           if (!s) return fail(s.error());
           if (*s < 0) return fail("--stop-at must not be negative");
           r.stop_at = *s;
           return Ok{};
         },
         nullptr});
    add({"log-every", "N", "print a progress line every N steps; 0 = quiet (default 100)", Kind::kRun,
         integer_in<int>(&Recipe::log_every, "log-every", 0, 1'000'000), nullptr});
    add({"max-weights-mib", "X", "refuse a checkpoint plan bigger than this; 0 = no limit (default 16)", Kind::kRun,
         real_in(&Recipe::max_weights_mib, "max-weights-mib", 0.0, 1e6), nullptr});
    return f;
  }();
  return table;
}

const Flag* find_flag(std::string_view name) {
  for (const Flag& f : flags())
    if (f.name == name) return &f;
  return nullptr;
}

std::string value_text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

}  // namespace

double Recipe::resolved_embed_std() const {
  if (embed_std) return *embed_std;
  return init == InitKind::kTorch ? 1.0 : init_std;
}

fs::path Recipe::state_path() const {
  if (state) return *state;
  fs::path dir = out.lexically_normal();
  if (!dir.has_filename()) dir = dir.parent_path();  // "runs/a/" -> "runs/a"
  if (dir.empty() || dir.filename() == "." || dir.filename() == "..") {  // "." -> "/home/me/run"
    dir = fs::absolute(dir).lexically_normal();
    if (!dir.has_filename()) dir = dir.parent_path();
  }
  return dir.parent_path() / (dir.filename().string() + ".state.safetensors");
}

AdamWSettings Recipe::adamw() const {
  return {beta1, beta2, eps, weight_decay, decay_on, embed_lr_mult};
}

ScheduleSettings Recipe::schedule_settings() const { return {lr, warmup, steps, schedule, min_lr_frac}; }

InitSettings Recipe::init_settings() const { return {init, init_std, resolved_embed_std(), seed}; }

BatchSettings Recipe::batch_settings() const {
  return {batch, repeat_share, repeat_min, repeat_max, repeat_pick};
}

json Recipe::to_json() const {
  json j = json::object();
  for (const Flag& f : flags())
    if (f.kind != Kind::kRun && f.get) j[f.name] = f.get(*this);
  return j;
}

std::string Recipe::command_line() const {
  std::string cmd = "attention-train --corpus " + corpus.string() + " --out " + out.string();
  for (const Flag& f : flags())
    if (f.kind == Kind::kShapes) cmd += " --" + f.name + " " + value_text(f.get(*this));
  return cmd;
}

Status validate(const Recipe& r) {
  if (r.out.empty()) return fail("--out DIR is required (the folder for checkpoints and manifest.json)");
  if (r.repeat_max < r.repeat_min)
    return fail("--repeat-max (" + std::to_string(r.repeat_max) + ") must be at least --repeat-min (" +
                std::to_string(r.repeat_min) + ")");
  if (r.warmup > r.steps)
    return fail("--warmup (" + std::to_string(r.warmup) + ") must not exceed --steps (" + std::to_string(r.steps) + ")");
  if (r.dense_to < r.dense_from)
    return fail("--dense-to (" + std::to_string(r.dense_to) + ") must not be before --dense-from (" +
                std::to_string(r.dense_from) + ")");
  if (r.stop_at && *r.stop_at > r.steps)
    return fail("--stop-at (" + std::to_string(*r.stop_at) + ") is past --steps (" + std::to_string(r.steps) + ")");
  if (r.lr * r.weight_decay * r.embed_lr_mult >= 1.0)
    return fail("--lr × --weight-decay (× --embed-lr-mult) must stay below 1, or decay would flip signs");
  return Ok{};
}

Result<ParsedArgs> parse_args(const std::vector<std::string>& args) {
  ParsedArgs parsed;
  parsed.recipe.corpus = fs::path(AM_DEFAULT_CORPUS_DIR).lexically_normal();
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg == "--help" || arg == "-h") {
      parsed.help = true;
      continue;
    }
    if (!arg.starts_with("--"))
      return fail("unexpected argument '" + std::string(arg) + "' (flags start with --; see --help)");
    arg.remove_prefix(2);
    std::optional<std::string> inline_value;
    if (const auto eq = arg.find('='); eq != std::string_view::npos) {
      inline_value = std::string(arg.substr(eq + 1));
      arg = arg.substr(0, eq);
    }
    const Flag* flag = find_flag(arg);
    if (!flag) return fail("unknown flag --" + std::string(arg) + " (see --help)");
    if (parsed.given.count(flag->name)) return fail("--" + flag->name + " is given twice");
    std::string value;
    if (flag->value_hint.empty()) {
      if (inline_value) return fail("--" + flag->name + " takes no value");
    } else if (inline_value) {
      value = *inline_value;
    } else {
      if (i + 1 >= args.size()) return fail("--" + flag->name + " needs a value (" + flag->value_hint + ")");
      value = args[++i];
    }
    if (auto ok = flag->set(parsed.recipe, value); !ok) return fail(ok.error());
    parsed.given.insert(flag->name);
  }
  if (parsed.help) return parsed;
  if (auto ok = validate(parsed.recipe); !ok) return fail(ok.error());
  return parsed;
}

Status adopt_saved_recipe(Recipe& recipe, const std::set<std::string>& given, const json& saved) {
  if (!saved.is_object()) return fail("the saved state has no recipe");
  std::string conflicts;
  for (const Flag& f : flags()) {
    if (f.kind != Kind::kShapes) continue;
    if (!saved.contains(f.name)) return fail("the saved recipe lacks '" + f.name + "' (made by another version?)");
    const json& old_value = saved[f.name];
    if (given.count(f.name) && f.get(recipe) != old_value) {
      conflicts += "\n  --" + f.name + " " + value_text(f.get(recipe)) + " (the run used " + value_text(old_value) + ")";
      continue;
    }
    if (auto ok = f.set(recipe, value_text(old_value)); !ok)
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
  for (const Flag& f : flags()) {
    std::string left = "  --" + f.name + (f.value_hint.empty() ? "" : " " + f.value_hint);
    if (left.size() < 34) left.resize(34, ' ');
    else left += "\n" + std::string(34, ' ');
    out << left << f.help << "\n";
  }
  out << "  --help                          this text\n";
  return out.str();
}

}  // namespace am::train

#include <catch2/catch.hpp>

#include "am/train/recipe.hpp"

using namespace am;
using namespace am::train;

namespace {
Result<ParsedArgs> parse(std::vector<std::string> args) { return parse_args(args); }
bool error_mentions(const Result<ParsedArgs>& r, const std::string& text) {
  return !r.ok() && r.error().find(text) != std::string::npos;
}
}  // namespace

TEST_CASE("recipe: defaults and every flag form") {
  auto r = parse({"--out", "runs/x"});
  REQUIRE(r.ok());
  CHECK(r->recipe.steps == 9000);
  CHECK(r->recipe.batch == 48);
  CHECK(r->recipe.lr == 1e-2);
  CHECK(r->recipe.resolved_embed_std() == 1.0);
  CHECK(r->recipe.state_path() == std::filesystem::path("runs/x.state.safetensors"));
  CHECK(r->recipe.corpus.filename() == "corpus");

  auto s = parse({"--out=runs/y/", "--lr=2e-2", "--schedule", "const", "--decay-on", "matrices-no-embed",
                  "--init", "normal", "--seed", "18446744073709551615", "--resume", "--threads", "1"});
  REQUIRE(s.ok());
  CHECK(s->recipe.lr == 2e-2);
  CHECK(s->recipe.schedule == ScheduleKind::kConstant);
  CHECK(s->recipe.decay_on == DecayOn::kMatricesNoEmbed);
  CHECK(s->recipe.resolved_embed_std() == 0.02);  // normal init: embedding like the rest
  CHECK(s->recipe.seed == 18446744073709551615ull);
  CHECK(s->recipe.resume);
  CHECK(s->recipe.state_path() == std::filesystem::path("runs/y.state.safetensors"));
  Recipe here;
  here.out = ".";
  CHECK(here.state_path() ==
        std::filesystem::current_path().parent_path() / (std::filesystem::current_path().filename().string() +
                                                          ".state.safetensors"));
  CHECK(s->given.count("lr") == 1);
  CHECK(s->given.count("steps") == 0);
  CHECK(parse({"--help"})->help);
}

TEST_CASE("recipe: every bad value is refused with a message naming the flag") {
  CHECK(error_mentions(parse({}), "--out DIR is required"));
  CHECK(error_mentions(parse({"--out", "x", "--steps", "0"}), "--steps must be between"));
  CHECK(error_mentions(parse({"--out", "x", "--steps", "12abc"}), "--steps needs a whole number"));
  CHECK(error_mentions(parse({"--out", "x", "--lr", "nan"}), "--lr needs a number"));
  CHECK(error_mentions(parse({"--out", "x", "--lr", "0"}), "--lr must be in (0, 10]"));
  CHECK(error_mentions(parse({"--out", "x", "--beta2", "1"}), "--beta2 must be in [0, 1)"));
  CHECK(error_mentions(parse({"--out", "x", "--repeat-share", "1.5"}), "--repeat-share"));
  CHECK(error_mentions(parse({"--out", "x", "--repeat-min", "20", "--repeat-max", "10"}), "--repeat-max (10)"));
  CHECK(error_mentions(parse({"--out", "x", "--repeat-max", "65"}), "--repeat-max must be between 1 and 64"));
  CHECK(error_mentions(parse({"--out", "x", "--warmup", "10", "--steps", "5"}), "--warmup (10)"));
  CHECK(error_mentions(parse({"--out", "x", "--schedule", "linear"}), "--schedule must be cosine or const"));
  CHECK(error_mentions(parse({"--out", "x", "--decay-on", "bias"}), "--decay-on must be"));
  CHECK(error_mentions(parse({"--out", "x", "--init", "xavier"}), "--init must be torch or normal"));
  CHECK(error_mentions(parse({"--out", "x", "--dense-from", "50", "--dense-to", "10"}), "--dense-to (10)"));
  CHECK(error_mentions(parse({"--out", "x", "--threads", "0"}), "--threads must be between 1 and 64"));
  CHECK(error_mentions(parse({"--out", "x", "--stop-at", "10000"}), "--stop-at (10000) is past --steps"));
  CHECK(error_mentions(parse({"--out", "x", "--bogus", "1"}), "unknown flag --bogus"));
  CHECK(error_mentions(parse({"--out", "x", "--lr"}), "--lr needs a value"));
  CHECK(error_mentions(parse({"--out", "x", "--resume=yes"}), "--resume takes no value"));
  CHECK(error_mentions(parse({"--out", "x", "--lr", "1e-2", "--lr", "2e-2"}), "given twice"));
  CHECK(error_mentions(parse({"--out", "x", "stray"}), "unexpected argument 'stray'"));
  CHECK(error_mentions(parse({"--out", "x", "--lr", "5", "--weight-decay", "0.5"}), "must stay below 1"));
}

TEST_CASE("recipe: JSON and command line name every result-shaping flag") {
  auto r = parse({"--out", "w", "--corpus", "c", "--lr", "0.02", "--repeat-share", "0.7"});
  REQUIRE(r.ok());
  const auto j = r->recipe.to_json();
  CHECK(j["lr"] == 0.02);
  CHECK(j["repeat-share"] == 0.7);
  CHECK(j["schedule"] == "cosine");
  CHECK(j["embed-std"] == 1.0);
  CHECK_FALSE(j.contains("out"));
  const std::string cmd = r->recipe.command_line();
  CHECK(cmd.find("attention-train --corpus c --out w --steps 9000 --batch 48 --repeat-share 0.7") == 0);
  CHECK(cmd.find("--lr 0.02 ") != std::string::npos);
  CHECK(cmd.find("--decay-on all") != std::string::npos);
  // The command parses back to the same recipe.
  std::vector<std::string> words;
  std::string word;
  for (char ch : cmd.substr(std::string("attention-train ").size()) + " ") {
    if (ch == ' ') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += ch;
    }
  }
  auto again = parse_args(words);
  REQUIRE(again.ok());
  CHECK(again->recipe.to_json() == j);
}

TEST_CASE("recipe: a resumed run adopts its saved recipe and refuses contradictions") {
  auto original = parse({"--out", "w", "--lr", "0.02", "--steps", "500"});
  REQUIRE(original.ok());
  const auto saved = original->recipe.to_json();

  auto resumed = parse({"--out", "w", "--resume", "--threads", "1"});
  REQUIRE(resumed.ok());
  REQUIRE(adopt_saved_recipe(resumed->recipe, resumed->given, saved).ok());
  CHECK(resumed->recipe.lr == 0.02);
  CHECK(resumed->recipe.steps == 500);
  CHECK(resumed->recipe.threads == 1);  // how many threads never changes the weights

  auto same = parse({"--out", "w", "--resume", "--lr", "0.02"});
  REQUIRE(same.ok());
  CHECK(adopt_saved_recipe(same->recipe, same->given, saved).ok());

  auto clash = parse({"--out", "w", "--resume", "--lr", "0.03"});
  REQUIRE(clash.ok());
  const auto status = adopt_saved_recipe(clash->recipe, clash->given, saved);
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().find("--lr 0.03 (the run used 0.02)") != std::string::npos);
}

TEST_CASE("recipe: the manifest's view of it is what the manifest records") {
  const ManifestRecipe defaults = manifest_recipe(Recipe{});
  CHECK(defaults.init == "torch");
  CHECK(defaults.repeat_share == 0.5);
  CHECK(defaults.repeat_min == 4);
  CHECK(defaults.repeat_max == 32);
  CHECK(defaults.batch == 48);
  CHECK(defaults.steps == 9000);
  CHECK(defaults.learning_rate == 0.01);

  Recipe r;
  r.init = InitKind::kNormal;
  r.repeat_share = 0.0;
  r.repeat_min = 8;
  r.repeat_max = 16;
  r.batch = 24;
  r.steps = 1234;
  r.lr = 3e-3;
  const ManifestRecipe v = manifest_recipe(r);
  CHECK(v.init == "normal");
  CHECK(v.repeat_share == 0.0);
  CHECK(v.repeat_min == 8);
  CHECK(v.repeat_max == 16);
  CHECK(v.batch == 24);
  CHECK(v.steps == 1234);
  CHECK(v.learning_rate == 3e-3);  // exact: the JSON text round-trips a double
  // The same as the reader of a manifest written with this recipe.
  const nlohmann::ordered_json manifest = {{"recipe", r.to_json()}, {"checkpoints", nlohmann::json::array()}};
  const ManifestRecipe read = read_manifest(manifest.dump()).recipe;
  CHECK(read.init == v.init);
  CHECK(read.repeat_share == v.repeat_share);
  CHECK(read.batch == v.batch);
  CHECK(read.learning_rate == v.learning_rate);
}

TEST_CASE("recipe: the choice flags read and write one name table each") {
  CHECK(to_string(ScheduleKind::kConstant) == "const");
  CHECK(to_string(ScheduleKind::kCosine) == "cosine");
  CHECK(parse_schedule("constant").value() == ScheduleKind::kConstant);  // an alias, read only
  CHECK(parse_schedule("const").value() == ScheduleKind::kConstant);
  CHECK(to_string(DecayOn::kMatricesNoEmbed) == "matrices-no-embed");
  CHECK(parse_decay_on("none").value() == DecayOn::kNone);
  CHECK(parse_decay_on("bias").error() ==
        "--decay-on must be all, matrices, matrices-no-embed or none (got 'bias')");
  CHECK(parse_schedule("linear").error() == "--schedule must be cosine or const (got 'linear')");
  CHECK(to_string(InitKind::kNormal) == "normal");
  CHECK(parse_init("torch").value() == InitKind::kTorch);
  CHECK(parse_init("xavier").error() == "--init must be torch or normal (got 'xavier')");
}

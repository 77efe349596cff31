#include <catch2/catch.hpp>

#include "am/cli/flag_bindings.hpp"

using namespace am;
using namespace am::cli;

namespace {

enum class Shape { kRound, kSquare };

Result<Shape> parse_shape(std::string_view t) {
  if (t == "round") return Shape::kRound;
  if (t == "square") return Shape::kSquare;
  return fail("--shape must be round or square (got '" + std::string(t) + "')");
}
std::string shape_name(Shape s) { return s == Shape::kRound ? "round" : "square"; }

struct Knobs {
  int count = 7;
  std::int64_t steps = 9000;
  std::uint64_t seed = 0;
  std::optional<int> frames;
  double rate = 1e-2;
  double tiny = 1e-8;
  std::string name;
  std::optional<std::string> label;
  std::filesystem::path dir = "data/in";
  std::optional<std::filesystem::path> out;
  bool quiet = false;
  std::string mode = "fast";
  Shape shape = Shape::kRound;
};

FlagTable<Knobs> table() {
  FlagTable<Knobs> t;
  t.section("Numbers:");
  t.add("count", "N", "how many", whole_number(&Knobs::count, 1, 64));
  t.add("steps", "N", "updates", whole_number(&Knobs::steps, std::int64_t{1}));
  t.add("seed", "N", "the seed", whole_number(&Knobs::seed, std::uint64_t{0}));
  t.add("frames", "N", "frames to draw", whole_number(&Knobs::frames, 1));
  t.add("rate", "X", "learning rate", real_number(&Knobs::rate, {0.0, 10.0, true}));
  t.add("tiny", "X", "epsilon", real_number(&Knobs::tiny, {0.0, 1.0, true, true}));
  t.section("Words:");
  t.add("name", "TEXT", "a name", text(&Knobs::name));
  t.add("label", "TEXT", "a label,\nover two lines", text(&Knobs::label));
  t.add("dir", "DIR", "input folder (default: {default})", path(&Knobs::dir));
  t.add("out", "FILE", "output file", path(&Knobs::out));
  t.add("quiet", "", "say less", switch_on(&Knobs::quiet));
  t.add("mode", "M", "fast or slow", one_of(&Knobs::mode, {{"fast", "fast"}, {"slow", "slow"}}));
  t.add("shape", "S", "round or square", parsed_by(&Knobs::shape, parse_shape, shape_name));
  t.add("secret", "", "not listed", switch_on(&Knobs::quiet)).hide();
  return t;
}

Result<Parsed<Knobs>> parse(std::vector<std::string> args, ParseRules rules = {}) {
  return parse_flags(table(), args, rules);
}

std::string error_of(std::vector<std::string> args, ParseRules rules = {}) {
  auto r = parse(std::move(args), rules);
  return r.ok() ? std::string("(parsed)") : r.error();
}

}  // namespace

TEST_CASE("flag table: every kind of value reaches its field") {
  auto r = parse({"--count",  "12",      "--steps",  "500",     "--seed",      "18446744073709551615",
                  "--frames", "3",       "--rate",   "0.25",    "--tiny=1e-9", "--name",
                  "",         "--label", "hi there", "--dir",   "a/b",         "--out=o.json",
                  "--quiet",  "--mode",  "slow",     "--shape", "square"});
  REQUIRE(r.ok());
  const Knobs& k = r->options;
  CHECK(k.count == 12);
  CHECK(k.steps == 500);
  CHECK(k.seed == 18446744073709551615ull);
  CHECK(*k.frames == 3);
  CHECK(k.rate == 0.25);
  CHECK(k.tiny == 1e-9);
  CHECK(k.name.empty());
  CHECK(*k.label == "hi there");
  CHECK(k.dir == std::filesystem::path("a/b"));
  CHECK(*k.out == std::filesystem::path("o.json"));
  CHECK(k.quiet);
  CHECK(k.mode == "slow");
  CHECK(k.shape == Shape::kSquare);
  CHECK(r->given.size() == 13);
  CHECK(r->given.count("tiny") == 1);
  CHECK_FALSE(r->help);
}

TEST_CASE("flag table: nothing given keeps the struct's defaults, and --help or -h is noted") {
  auto r = parse({});
  REQUIRE(r.ok());
  CHECK(r->options.count == 7);
  CHECK_FALSE(r->options.frames.has_value());
  CHECK(r->given.empty());
  CHECK(parse({"--help"})->help);
  CHECK(parse({"--count", "3", "-h"})->help);
  Knobs start;
  start.count = 40;
  auto s = parse_flags(table(), {"--quiet"}, {}, start);
  REQUIRE(s.ok());
  CHECK(s->options.count == 40);
}

TEST_CASE("flag table: bad words give messages that name the flag") {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--bogus"}, "unknown flag --bogus (see --help)"},
      {{"stray"}, "unexpected argument 'stray' (flags start with --; see --help)"},
      {{"--name"}, "--name needs a value (TEXT)"},
      {{"--count"}, "--count needs a whole number from 1 to 64"},
      {{"--frames"}, "--frames needs a whole number"},
      {{"--mode"}, "--mode needs fast or slow"},
      {{"--dir", ""}, "--dir needs a value (DIR)"},
      {{"--count", "12abc"}, "--count needs a whole number (got '12abc')"},
      {{"--count", ""}, "--count needs a whole number (got '')"},
      {{"--count", "65"}, "--count must be between 1 and 64 (got 65)"},
      {{"--count", "99999999999"}, "--count must be between 1 and 64 (got 99999999999)"},
      {{"--steps", "0"}, "--steps must be at least 1 (got 0)"},
      {{"--seed", "-1"}, "--seed needs a whole number (got '-1')"},
      {{"--rate", "nan"}, "--rate needs a number (got 'nan')"},
      {{"--rate", "0"}, "--rate must be in (0, 10] (got 0)"},
      {{"--tiny", "1"}, "--tiny must be in (0, 1) (got 1)"},
      {{"--mode", "medium"}, "--mode needs fast or slow, got 'medium'"},
      {{"--shape", "oval"}, "--shape must be round or square (got 'oval')"},
      {{"--quiet=yes"}, "--quiet takes no value"},
  };
  for (const auto& [args, message] : cases) {
    INFO(args.front());
    CHECK(error_of(args) == message);
  }
}

TEST_CASE("flag table: a repeated flag: the last wins, or it is refused when the rules say once") {
  auto r = parse({"--count", "3", "--count", "4"});
  REQUIRE(r.ok());
  CHECK(r->options.count == 4);
  CHECK(error_of({"--count", "3", "--count", "4"}, {.each_flag_once = true}) == "--count is given twice");
}

TEST_CASE("flag table: the help lists every shown flag with the struct's defaults") {
  const std::string help = flag_help(table(), 20);
  CHECK(help ==
        "Numbers:\n"
        "  --count N         how many (default 7)\n"
        "  --steps N         updates (default 9000)\n"
        "  --seed N          the seed (default 0)\n"
        "  --frames N        frames to draw\n"
        "  --rate X          learning rate (default 0.01)\n"
        "  --tiny X          epsilon (default 1e-8)\n"
        "\n"
        "Words:\n"
        "  --name TEXT       a name\n"
        "  --label TEXT      a label,\n"
        "                    over two lines\n"
        "  --dir DIR         input folder (default: data/in)\n"
        "  --out FILE        output file\n"
        "  --quiet           say less\n"
        "  --mode M          fast or slow (default fast)\n"
        "  --shape S         round or square (default round)\n");

  // Change a default in the struct and the help follows.
  Knobs other;
  other.count = 9;
  other.rate = 0.5;
  other.mode = "slow";
  other.shape = Shape::kSquare;
  other.frames = 30;
  const std::string changed = flag_help(table(), 20, other);
  CHECK(changed.find("how many (default 9)") != std::string::npos);
  CHECK(changed.find("learning rate (default 0.5)") != std::string::npos);
  CHECK(changed.find("fast or slow (default slow)") != std::string::npos);
  CHECK(changed.find("round or square (default square)") != std::string::npos);
  CHECK(changed.find("frames to draw (default 30)") != std::string::npos);
}

TEST_CASE("flag table: help layout: long names on their own line, placed and unshown defaults") {
  CHECK(help_entry("  --a-very-long-flag-name FILE", "what it is", 20) ==
        "  --a-very-long-flag-name FILE\n                    what it is\n");
  CHECK(help_with_default("threads (default {default}); any count", "2") == "threads (default 2); any count");
  CHECK(help_with_default("quiet", "") == "quiet");
  FlagTable<Knobs> t;
  t.add("count", "N", "how many (default: all)", whole_number(&Knobs::count, 0)).default_not_in_help();
  CHECK(flag_help(t, 12) == "  --count N how many (default: all)\n");
  CHECK(value_text(FlagValue{1e6}) == "1e6");
  CHECK(value_text(FlagValue{1.0}) == "1");
  CHECK(value_text(FlagValue{}).empty());
}

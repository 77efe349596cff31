#include <catch2/catch.hpp>

#include "last_session.hpp"
#include "options.hpp"

using am::app::last_view_file_from;
using am::app::Options;
using am::app::parse_options;
using am::app::reopens_last_session;
using am::app::writes_last_session;

TEST_CASE("flags parse into options") {
  auto o = parse_options({"--json", "--text", "the qu", "--step", "1500", "--ablate", "L2H4", "--size", "960x600"});
  REQUIRE(o.ok());
  CHECK(o->json);
  CHECK(*o->text == "the qu");
  CHECK(*o->step == 1500);
  CHECK(o->ablate == "L2H4");
  CHECK(o->width == 960);
  CHECK(o->height == 600);
}

TEST_CASE("bad flags give messages that name the flag") {
  auto unknown = parse_options({"--frobnicate"});
  REQUIRE_FALSE(unknown.ok());
  CHECK_THAT(unknown.error(), Catch::Contains("--frobnicate"));

  auto missing = parse_options({"--text"});
  REQUIRE_FALSE(missing.ok());
  CHECK_THAT(missing.error(), Catch::Contains("--text needs"));

  auto step = parse_options({"--step", "-3"});
  REQUIRE_FALSE(step.ok());
  CHECK_THAT(step.error(), Catch::Contains("--step"));

  auto size = parse_options({"--size", "0x0"});
  REQUIRE_FALSE(size.ok());
  CHECK_THAT(size.error(), Catch::Contains("--size"));

  auto json = parse_options({"--json"});
  REQUIRE_FALSE(json.ok());
  CHECK_THAT(json.error(), Catch::Contains("--text"));

  auto both = parse_options({"--weights", "a.safetensors", "--step", "3"});
  REQUIRE_FALSE(both.ok());
}

TEST_CASE("quality and motion-benchmark flags parse, and bad values are named") {
  auto o = parse_options({"--bench-frames", "50", "--motion", "orbit", "--bench-json", "out.json", "--quality", "low"});
  REQUIRE(o.ok());
  CHECK(*o->bench_frames == 50);
  CHECK(*o->bench_motion == "orbit");
  CHECK(o->bench_json->string() == "out.json");
  CHECK(*o->quality == am::render::QualityChoice::kLow);
  CHECK(*parse_options({"--quality", "auto"})->quality == am::render::QualityChoice::kAuto);
  CHECK_FALSE(parse_options({})->quality.has_value());

  auto bad_quality = parse_options({"--quality", "ultra"});
  REQUIRE_FALSE(bad_quality.ok());
  CHECK_THAT(bad_quality.error(), Catch::Contains("--quality needs auto, high, medium or low"));
  auto bad_motion = parse_options({"--bench-frames", "5", "--motion", "spin"});
  REQUIRE_FALSE(bad_motion.ok());
  CHECK_THAT(bad_motion.error(), Catch::Contains("--motion needs still, orbit, scrub, ablate or play"));
  auto lonely = parse_options({"--motion", "orbit"});
  REQUIRE_FALSE(lonely.ok());
  CHECK_THAT(lonely.error(), Catch::Contains("--bench-frames"));
}

TEST_CASE("options: --attribute and --corrupt go with --json, and the target character is checked") {
  auto o = parse_options({"--json", "--text", "qzxv kplw qzxv kp", "--attribute", "l", "--corrupt", "auto"});
  REQUIRE(o.ok());
  CHECK(*o->attribute == "l");
  CHECK(*o->corrupt == "auto");
  auto alone = parse_options({"--attribute", "top"});
  REQUIRE_FALSE(alone.ok());
  CHECK_THAT(alone.error(), Catch::Contains("--attribute only works with --json"));
  auto corrupt = parse_options({"--json", "--text", "ab", "--corrupt", "auto"});
  REQUIRE_FALSE(corrupt.ok());
  CHECK_THAT(corrupt.error(), Catch::Contains("--corrupt only works with --attribute"));
}

TEST_CASE("views, resume and recording flags parse, and misuse is named") {
  auto o = parse_options({"lesson.json", "--size", "800x600"});
  REQUIRE(o.ok());
  REQUIRE(o->open);
  CHECK(o->open->string() == "lesson.json");
  auto twice = parse_options({"a.json", "--open", "b.json"});
  REQUIRE_FALSE(twice.ok());
  CHECK_THAT(twice.error(), Catch::Contains("twice"));
  auto rec = parse_options({"--record", "out.mp4", "--fps", "24", "--seconds", "2.5", "--motion", "scrub"});
  REQUIRE(rec.ok());
  CHECK(rec->fps == 24);
  CHECK(rec->seconds == 2.5);
  CHECK(*rec->bench_motion == "scrub");
  CHECK(parse_options({"--record", "out.gif"})->fps == 30);
  CHECK_THAT(parse_options({"--record", "o.mp4", "--motion", "ablate"}).error(), Catch::Contains("play, orbit or scrub"));
  CHECK_THAT(parse_options({"--fps", "10"}).error(), Catch::Contains("--record"));
  CHECK_THAT(parse_options({"--record", "o.mp4", "--fps", "0"}).error(), Catch::Contains("--fps"));
  CHECK_THAT(parse_options({"--machine-only"}).error(), Catch::Contains("--screenshot"));
  CHECK(parse_options({"--screenshot", "a.png", "--machine-only"})->machine_only);
  CHECK(parse_options({"--fresh"})->fresh);
}

TEST_CASE("the last session lives under XDG_STATE_HOME, and only the window uses it") {
  CHECK(last_view_file_from("/s", "/h")->string() == "/s/attention-machine/last-view.json");
  CHECK(last_view_file_from("relative", "/h")->string() == "/h/.local/state/attention-machine/last-view.json");
  CHECK(last_view_file_from(nullptr, "/h")->string() == "/h/.local/state/attention-machine/last-view.json");
  CHECK_FALSE(last_view_file_from(nullptr, nullptr));
  const Options window;
  CHECK(reopens_last_session(window, false));
  CHECK(writes_last_session(window, false));
  CHECK_FALSE(reopens_last_session(window, true));
  CHECK_FALSE(writes_last_session(window, true));
  CHECK_FALSE(reopens_last_session(*parse_options({"--fresh"}), false));
  CHECK(writes_last_session(*parse_options({"--fresh"}), false));
  CHECK_FALSE(reopens_last_session(*parse_options({"--chapter", "3"}), false));
  CHECK_FALSE(writes_last_session(*parse_options({"--screenshot", "a.png"}), false));
  CHECK_FALSE(writes_last_session(*parse_options({"--record", "a.mp4"}), false));
  CHECK_FALSE(writes_last_session(*parse_options({"--bench-frames", "3"}), false));
}

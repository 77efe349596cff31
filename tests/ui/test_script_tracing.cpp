// The script lines of issue 22 (attribute CHAR, corrupt TEXT|auto) and the dump's
// attribution and patching objects, over the fake engine.
#include <unistd.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "am/model/alphabet.hpp"
#include "am/ui/script.hpp"
#include "am/ui/script_runner.hpp"
#include "am/ui/state_dump.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;
using Catch::Matchers::Contains;

TEST_CASE("attribute and corrupt parse, and bad arguments are named", "[script][tracing]") {
  auto s = parse_script(
      "attribute l\nattribute top\nattribute space\ncorrupt auto\ncorrupt qzxv kpaw qzxv kp\n", "t");
  REQUIRE(s);
  CHECK(s->commands[0].number == char_to_id('l'));
  CHECK(s->commands[1].number == -1);
  CHECK(s->commands[2].number == char_to_id(' '));
  CHECK(s->commands[4].text == "qzxv kpaw qzxv kp");
  auto bad = parse_script("attribute 7\n", "t");
  REQUIRE_FALSE(bad);
  CHECK_THAT(bad.error(), Contains("t:1:") && Contains("not a character"));
  CHECK_FALSE(parse_script("corrupt\n", "t"));
}

TEST_CASE("a script's attribute and corrupt reach the dump", "[script][tracing]") {
  test::FakeEngine engine;
  AppState state;
  auto script = parse_script("text qzxv kplw qzxv kp\nattribute l\ncorrupt auto\n", "t");
  REQUIRE(script);
  ScriptRunner runner(std::move(*script));
  REQUIRE(runner.run_all(state, engine) == ScriptRunner::Outcome::kFinished);
  CHECK(state.tracing.target == char_to_id('l'));
  const auto path =
      std::filesystem::temp_directory_path() / ("am_tracing_dump_" + std::to_string(getpid()) + ".json");
  REQUIRE(write_state_dump(path, state, engine));
  std::ifstream in(path);
  const auto j = nlohmann::json::parse(in);
  std::filesystem::remove(path);
  CHECK(j["attribution"]["target"] == "l");
  double sum = 0.0;
  for (const auto& [name, value] : j["attribution"]["components"].items()) sum += value.get<double>();
  CHECK(sum == Approx(j["attribution"]["logit"].get<double>()).margin(1e-4));
  CHECK(j["patching"]["clean"] == "qzxv kplw qzxv kp");
  CHECK(j["patching"]["corrupted"] == "qzxv kpaw qzxv kp");
  CHECK(j["patching"]["heads"]["L2H4"].size() == 17);
  CHECK(j["patching"]["resid"]["L2"].size() == 17);
}

TEST_CASE("a corrupted text of another length stops the script", "[script][tracing]") {
  test::FakeEngine engine;
  AppState state;
  auto script = parse_script("text abcab\ncorrupt abc\n", "t");
  REQUIRE(script);
  ScriptRunner runner(std::move(*script));
  CHECK(runner.run_all(state, engine) == ScriptRunner::Outcome::kFailed);
  CHECK_THAT(runner.error(), Contains("t:2:") && Contains("as many characters"));
}

TEST_CASE("'reveal' answers the chapter's question", "[script][tracing]") {
  test::FakeEngine engine;
  AppState state;
  auto script = parse_script("chapter 12\nreveal\n", "t");
  REQUIRE(script);
  ScriptRunner runner(std::move(*script));
  REQUIRE(runner.run_all(state, engine) == ScriptRunner::Outcome::kFinished);
  CHECK(state.predict.chapter == 12);
  CHECK(state.predict.revealed);
  CHECK_FALSE(parse_script("reveal now\n", "t"));
}

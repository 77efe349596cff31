// The script commands this issue adds: "run NAME" and "generate N [temperature T] [seed S]".
#include <catch2/catch.hpp>

#include "am/ui/script.hpp"
#include "am/ui/script_runner.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

TEST_CASE("generate takes an optional temperature and seed", "[script]") {
  auto s = parse_script("generate 5\ngenerate 6 temperature 0.5\ngenerate 7 seed 9 temperature 1.25\n", "s.txt");
  REQUIRE(s);
  REQUIRE(s->commands.size() == 3);
  CHECK(s->commands[0].temperature == 0.0f);
  CHECK(s->commands[1].number == 6);
  CHECK(s->commands[1].temperature == 0.5f);
  CHECK(s->commands[2].seed == 9);
  CHECK(s->commands[2].temperature == 1.25f);
  const auto error_of = [](const char* src) { return parse_script(src, "s.txt").error(); };
  CHECK_THAT(error_of("generate 5 temperature\n"), Contains("needs a value"));
  CHECK_THAT(error_of("generate 5 temperature hot\n"), Contains("temperature takes 0 to"));
  CHECK_THAT(error_of("generate 5 temperature -1\n"), Contains("temperature takes 0 to"));
  CHECK_THAT(error_of("generate 5 seed -2\n"), Contains("'seed' takes 0 to"));
  CHECK_THAT(error_of("generate 5 colour red\n"), Contains("'temperature T' and 'seed S'"));
}

TEST_CASE("run NAME asks the session for another run; unknown names fail with the list", "[script]") {
  auto s = parse_script("run plain\nrun nosuch\n", "s.txt");
  REQUIRE(s);
  CHECK(s->commands[0].kind == CommandKind::kRun);
  CHECK(s->commands[0].text == "plain");
  CHECK_THAT(parse_script("run\n", "s.txt").error(), Contains("'run' needs a run name"));
  am::ui::test::FakeEngine engine;
  AppState state;
  state.run_names = {"repeated", "plain"};
  ScriptRunner runner(std::move(*s));
  CHECK(runner.step(state, engine) == ScriptRunner::Outcome::kRan);
  CHECK(state.requested_run == "plain");
  CHECK(runner.step(state, engine) == ScriptRunner::Outcome::kFailed);
  CHECK_THAT(runner.error(), StartsWith("s.txt:2: run: no run named 'nosuch' (runs: repeated, plain)"));
}

TEST_CASE("generate with a temperature records it, and a seed repeats the draw", "[script]") {
  am::ui::test::FakeEngine engine;
  const auto written = [&](const char* src) {
    AppState state;
    auto s = parse_script(src, "s.txt");
    REQUIRE(s);
    ScriptRunner runner(std::move(*s));
    REQUIRE(runner.run_all(state, engine) == ScriptRunner::Outcome::kFinished);
    return state.generated;
  };
  const Generation a = written("text abcab\ngenerate 40 temperature 2 seed 5\n");
  const Generation b = written("text abcab\ngenerate 40 temperature 2 seed 5\n");
  const Generation c = written("text abcab\ngenerate 40 temperature 2 seed 6\n");
  const Generation g = written("text abcab\ngenerate 40\n");
  CHECK(a.temperature == 2.0f);
  CHECK(a.seed == 5);
  CHECK(a.text == b.text);
  CHECK(a.text != c.text);
  CHECK(g.temperature == 0.0f);
  CHECK(a.text != g.text);
}

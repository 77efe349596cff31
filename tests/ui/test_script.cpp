// Script parsing (errors carry line numbers) and replay over a fake engine.
#include <unistd.h>  // getpid: one scratch folder per process under ctest -j

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/script.hpp"
#include "am/ui/script_runner.hpp"
#include "am/ui/state_dump.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;
using namespace am::engine;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

TEST_CASE("a script parses, skipping blank lines and comments", "[script]") {
  const char* src =
      "# prepare the copying demo\n"
      "chapter 9\n"
      "\n"
      "text qzxv kplw qzxv kp\n"
      "  step 1500\r\n"
      "pull L2H4\n"
      "push l2h4\n"
      "select 16\n"
      "head L1H4\n"
      "generate 20\n"
      "screenshot out dir/shot.png\n";
  auto s = parse_script(src, "script.txt");
  REQUIRE(s.ok());
  REQUIRE(s->commands.size() == 9);
  CHECK(s->commands[0].kind == CommandKind::kChapter);
  CHECK(s->commands[0].number == 9);
  CHECK(s->commands[0].line == 2);
  CHECK(s->commands[1].text == "qzxv kplw qzxv kp");
  CHECK(s->commands[2].number == 1500);
  CHECK(s->commands[2].line == 5);
  CHECK(s->commands[3].layer == 1);
  CHECK(s->commands[3].head == 3);
  CHECK(s->commands[4].kind == CommandKind::kPush);
  CHECK(s->commands[5].number == 16);
  CHECK(s->commands[8].text == "out dir/shot.png");
}

TEST_CASE("malformed lines stop the script with file and line", "[script]") {
  const auto error_of = [](const char* src) {
    auto s = parse_script(src, "script.txt");
    REQUIRE_FALSE(s.ok());
    return s.error();
  };
  CHECK_THAT(error_of("chapter 1\njump 3\n"), StartsWith("script.txt:2: unknown command 'jump'"));
  CHECK_THAT(error_of("# c\n\nchapter 13\n"), StartsWith("script.txt:3: 'chapter' takes 0 to 12, got 13"));
  CHECK_THAT(error_of("step twelve"), StartsWith("script.txt:1: 'step' needs a whole number, got 'twelve'"));
  CHECK_THAT(error_of("step -5"), StartsWith("script.txt:1: 'step' takes 0 to"));
  CHECK_THAT(error_of("text a\npull L3H1"), StartsWith("script.txt:2: 'L3H1' is not a head name"));
  CHECK_THAT(error_of("pull"), StartsWith("script.txt:1: 'pull' needs a head name"));
  CHECK_THAT(error_of("select 0"), StartsWith("script.txt:1: 'select' takes 1 to"));
  CHECK_THAT(error_of("generate 5000"), StartsWith("script.txt:1: 'generate' takes 1 to 1000"));
  CHECK_THAT(error_of("\n\n\n\nscreenshot"), StartsWith("script.txt:5: 'screenshot' needs a file name"));
  CHECK_THAT(error_of("chapter 3 4"), StartsWith("script.txt:1: 'chapter' needs a whole number, got '3 4'"));
}

TEST_CASE("every command's word is its name, and the unknown-command message lists them all", "[script]") {
  auto s = parse_script(
      "play\npause\nreveal\nwait-training\nbeat 2\nsave-view v.json\nrun plain\ndump d.json\n", "script.txt");
  REQUIRE(s.ok());
  REQUIRE(s->commands.size() == 8);
  const char* names[] = {"play", "pause", "reveal", "wait-training", "beat", "save-view", "run", "dump"};
  for (std::size_t i = 0; i < 8; ++i) CHECK(std::string(command_name(s->commands[i].kind)) == names[i]);
  CHECK(s->commands[4].number == 2);
  CHECK(s->commands[5].text == "v.json");
  auto bad = parse_script("jump 3", "script.txt");
  REQUIRE_FALSE(bad.ok());
  CHECK(
      bad.error() ==
      "script.txt:1: unknown command 'jump' (known: chapter, text, step, pull, push, select, head, generate, "
      "screenshot, key, wait, focus, resize, dump, run, train, wait-training, attribute, corrupt, open, "
      "save-view, play, pause, beat, reveal)");
  auto extra = parse_script("play now", "script.txt");
  REQUIRE_FALSE(extra.ok());
  CHECK(extra.error() == "script.txt:1: 'play' takes nothing after it");
}

TEST_CASE("replay of chapter, text, step snapping, pull then push, select, head, generate, screenshot",
          "[script]") {
  test::FakeEngine engine;
  AppState state;
  auto script = parse_script(
      "chapter 9\ntext qzxv kplw qzxv kp\nstep 1400\npull L2H4\npull L1H4\npush L2H4\nselect 16\nhead L1H4\n"
      "generate 6\nscreenshot shot.png\n",
      "script.txt");
  REQUIRE(script.ok());
  ScriptRunner runner(std::move(*script));
  // Frame by frame: one command per step.
  int frames = 0;
  while (runner.step(state, engine) == ScriptRunner::Outcome::kRan) ++frames;
  CHECK(frames == 10);
  CHECK_FALSE(runner.failed());
  CHECK(runner.step(state, engine) == ScriptRunner::Outcome::kFinished);

  CHECK(state.chapter == 9);
  CHECK(state.step == 1500);  // 1400 snaps to the nearest checkpoint
  CHECK(engine.weights_at(state.step).step == 1500);
  CHECK(state.pulled.to_string() == "L1H4");
  CHECK(state.selected_position == 15);
  CHECK(head_name(state.selected_layer, state.selected_head) == "L1H4");
  CHECK(state.generated.text.size() == 6);
  CHECK(engine.screenshots == std::vector<std::string>{"shot.png"});

  const std::vector<int> ids = read_ids(state);
  const Activations acts = engine.forward(state.step, ids, state.pulled);
  const auto j = dump_state(state, acts, engine.nonsense_accuracy(state.step, state.pulled));
  CHECK(j["chapter"] == 9);
  CHECK(j["chapter_title"] == "Pulling a head out");
  CHECK(j["text"] == "qzxv kplw qzxv kp");
  CHECK(j["step"] == 1500);
  CHECK(j["pulled_heads"] == nlohmann::ordered_json::array({"L1H4"}));
  CHECK(j["selected_position"] == 16);
  CHECK(j["selected_character"] == "k");
  CHECK(j["selected_head"] == "L1H4");
  CHECK(j["nonsense_accuracy"].get<double>() == Approx(0.8));
  REQUIRE(j["top5"].size() == 5);
  // The dumped probabilities are the model's, best first.
  const Activations expected = forward(engine.weights_at(state.step), ids, test::mask_of({"L1H4"}));
  const auto guesses = top_guesses(expected, expected.length() - 1, 5);
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(j["top5"][i]["char"] == std::string(1, id_to_char(guesses[i].id)));
    CHECK(j["top5"][i]["p"].get<double>() == Approx(guesses[i].probability));
  }
  CHECK(j["top5"][0]["p"].get<double>() >= j["top5"][4]["p"].get<double>());
  // Greedy writing is deterministic: the same as running the cache by hand.
  CHECK(j["generated"] == generate_greedy(engine.weights_at(state.step), ids, state.pulled, 6).text);
}

TEST_CASE("a failing command stops the replay with its line", "[script]") {
  test::FakeEngine engine;
  AppState state;
  auto script = parse_script("text abc\n# next one is out of range\nselect 40\npull L1H1\n", "script.txt");
  REQUIRE(script.ok());
  ScriptRunner runner(std::move(*script));
  CHECK(runner.run_all(state, engine) == ScriptRunner::Outcome::kFailed);
  CHECK_THAT(runner.error(),
             StartsWith("script.txt:3: select: position 40 is outside the text the model reads (1-3)"));
  CHECK_FALSE(state.pulled.any());  // nothing after the failure ran
  CHECK(state.status_is_error);
  CHECK(runner.step(state, engine) == ScriptRunner::Outcome::kFailed);
}

TEST_CASE("generate needs text", "[script]") {
  test::FakeEngine engine;
  AppState state;
  auto script = parse_script("text\ngenerate 3\n", "s.txt");
  REQUIRE(script.ok());
  ScriptRunner runner(std::move(*script));
  CHECK(runner.run_all(state, engine) == ScriptRunner::Outcome::kFailed);
  CHECK_THAT(runner.error(), StartsWith("s.txt:2: generate: 'generate' needs some text"));
}

TEST_CASE("the state dump is written atomically as JSON", "[script]") {
  test::FakeEngine engine;
  AppState state;
  set_text(state, "the queen. the qu");
  state.step = 2000;
  state.predict = PredictState{0, 0, true};  // chapter 0's question hides the top five until Reveal
  const auto dir = std::filesystem::temp_directory_path() / ("am_ui_dump_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / "state.json";
  REQUIRE(write_state_dump(path, state, engine).ok());
  std::ifstream in(path);
  const auto j = nlohmann::json::parse(in);
  CHECK(j["text"] == "the queen. the qu");
  CHECK(j["selected_position"] == 17);
  CHECK(j["pulled_heads"].empty());
  CHECK(j["top5"].size() == 5);
  CHECK_FALSE(std::filesystem::exists(dir / "state.json.tmp"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("snapping to checkpoints", "[script]") {
  const std::vector<std::int64_t> steps = {0, 250, 500, 1000};
  CHECK(nearest_step(steps, 0) == 0);
  CHECK(nearest_step(steps, 125) == 0);  // ties: the earlier
  CHECK(nearest_step(steps, 126) == 250);
  CHECK(nearest_step(steps, 99999) == 1000);
}

TEST_CASE("the window's commands parse: key, wait, focus, resize, dump", "[script]") {
  auto s = parse_script(
      "key Right\nkey Ctrl+S\nwait 1500\nfocus text\nresize 1920x1080\ndump out/state.json\n", "w.txt");
  REQUIRE(s.ok());
  REQUIRE(s->commands.size() == 6);
  CHECK(s->commands[0].kind == CommandKind::kKey);
  CHECK(s->commands[0].number == 262);
  CHECK(s->commands[1].number == 'S');
  CHECK(s->commands[1].mods == 2);
  CHECK(s->commands[2].kind == CommandKind::kWait);
  CHECK(s->commands[2].number == 1500);
  CHECK(s->commands[3].kind == CommandKind::kFocus);
  CHECK(s->commands[4].width == 1920);
  CHECK(s->commands[4].height == 1080);
  CHECK(s->commands[5].text == "out/state.json");
  const auto error_of = [](const char* src) {
    auto r = parse_script(src, "w.txt");
    REQUIRE_FALSE(r.ok());
    return r.error();
  };
  CHECK_THAT(error_of("key\n"), StartsWith("w.txt:1: 'key' needs a key name"));
  CHECK_THAT(error_of("key Rigth\n"), StartsWith("w.txt:1: unknown key 'Rigth'"));
  CHECK_THAT(error_of("wait soon\n"), StartsWith("w.txt:1: 'wait' needs a whole number"));
  CHECK_THAT(error_of("wait 700000\n"), StartsWith("w.txt:1: 'wait' takes 0 to 600000"));
  CHECK_THAT(error_of("focus drum\n"), StartsWith("w.txt:1: 'focus' takes 'text'"));
  CHECK_THAT(error_of("resize 1920\n"), StartsWith("w.txt:1: 'resize' needs WIDTHxHEIGHT"));
  CHECK_THAT(error_of("resize 10x10\n"), StartsWith("w.txt:1: 'resize' needs WIDTHxHEIGHT, each 64 to 8192"));
  CHECK_THAT(error_of("dump\n"), StartsWith("w.txt:1: 'dump' needs a file name"));
}

TEST_CASE("wait holds the script in real time, and the script ends only after the last wait", "[script]") {
  test::FakeEngine engine;
  AppState state;
  auto script = parse_script("chapter 2\nwait 500\nchapter 3\nwait 250\n", "w.txt");
  REQUIRE(script.ok());
  ScriptRunner runner(std::move(*script));
  double now = 10.0;
  runner.set_clock([&now] { return now; });
  CHECK(runner.step(state, engine) == ScriptRunner::Outcome::kRan);  // chapter 2
  CHECK(runner.step(state, engine) == ScriptRunner::Outcome::kRan);  // wait 500 starts
  now += 0.499;
  CHECK(runner.step(state, engine) == ScriptRunner::Outcome::kRan);  // still waiting
  CHECK(state.chapter == 2);
  CHECK(runner.waiting());
  now += 0.002;
  CHECK(runner.step(state, engine) == ScriptRunner::Outcome::kRan);  // chapter 3
  CHECK(state.chapter == 3);
  CHECK(runner.step(state, engine) == ScriptRunner::Outcome::kRan);  // wait 250 starts
  CHECK_FALSE(runner.done());  // every command has run, but the wait has not passed
  now += 0.3;
  CHECK(runner.step(state, engine) == ScriptRunner::Outcome::kFinished);
  CHECK(runner.done());
}

TEST_CASE("window commands without a window fail with a message", "[script]") {
  test::FakeEngine engine;
  AppState state;
  auto script = parse_script("chapter 1\nkey Right\n", "w.txt");
  REQUIRE(script.ok());
  ScriptRunner runner(std::move(*script));
  CHECK(runner.run_all(state, engine) == ScriptRunner::Outcome::kFailed);
  CHECK_THAT(runner.error(), StartsWith("w.txt:2: key: 'key' needs the window; this run has none"));
}

TEST_CASE("the dump takes the window's keys beside the state's", "[script]") {
  test::FakeEngine engine;
  AppState state;
  set_text(state, "abc");
  const auto dir = std::filesystem::temp_directory_path() / "am_ui_dump_extra_test";
  std::filesystem::create_directories(dir);
  nlohmann::ordered_json extra;
  extra["window"] = {1280, 720};
  extra["viewport"] = {256, 0, 832, 634};
  extra["presentation"] = false;
  REQUIRE(write_state_dump(dir / "s.json", state, engine, extra).ok());
  std::ifstream in(dir / "s.json");
  const auto j = nlohmann::json::parse(in);
  CHECK(j["text"] == "abc");
  CHECK(j["window"] == nlohmann::json::array({1280, 720}));
  CHECK(j["viewport"][2] == 832);
  CHECK(j["presentation"] == false);
  std::filesystem::remove_all(dir);
}

// Chapter 11's words follow the run they describe, and the script's training lines parse.
#include <catch2/catch.hpp>

#include "am/ui/chapters.hpp"
#include "am/ui/script.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;
using Catch::Matchers::Contains;

namespace {

TrainingRecord record_of(std::vector<std::pair<std::int64_t, double>> accuracy) {
  TrainingRecord r;
  for (auto [step, a] : accuracy) {
    CheckpointMetrics m;
    m.step = step;
    m.train_loss = 2.0;
    m.nonsense_accuracy = a;
    r.checkpoints.push_back(m);
  }
  r.recipe.steps = accuracy.back().first;
  r.recipe.batch = 48;
  r.recipe.repeat_share = 0.85;
  r.recipe.repeat_min = 4;
  r.recipe.repeat_max = 32;
  r.recipe.learning_rate = 0.01;
  return r;
}

std::string body_with(const GrowingRun* run, const TrainingRecord& shipped) {
  AppState state;
  ChapterContext c;
  c.state = &state;
  c.growing = run;
  c.shipped = &shipped;
  const Chapter& ch = *find_chapter(kGrowChapter);
  return test::plain_spaces(ch.body(c) + "\n" + ch.numbers(c));
}

}  // namespace

TEST_CASE("chapter 11 quotes the live run and compares its jump with the shipped run's", "[chapters]") {
  const TrainingRecord shipped = record_of({{0, 0.03}, {300, 0.15}, {900, 0.75}, {9000, 0.9}});
  REQUIRE(find_chapter(kGrowChapter)->title == "Grow your own");

  const std::string before = body_with(nullptr, shipped);
  CHECK_THAT(before, Contains("9 000 steps"));  // plain_spaces: the narrow no-break space reads as a space
  CHECK_THAT(before, Contains("from 15 % at step 300 to 75 % at step 900"));

  GrowingRun run;
  run.progress.run_name = "mine";
  run.progress.phase = am::grow::Phase::kTraining;
  run.progress.preset = "shipped";
  run.progress.step = 420;
  run.progress.steps = 600;
  run.progress.checkpoints = 3;
  run.progress.measured = 3;
  run.record = record_of({{0, 0.02}, {200, 0.12}, {400, 0.81}});
  run.record.recipe.steps = 600;
  const std::string during = body_with(&run, shipped);
  CHECK_THAT(during, Contains("step 420 of 600"));
  CHECK_THAT(during, Contains("jumped from 12 % at step 200 to 81 % at step 400, 200 steps"));
  CHECK_THAT(during, Contains("from 15 % at step 300 to 75 % at step 900"));

  // A plain run that never jumps says so, with its last measured figure.
  run.progress.phase = am::grow::Phase::kFinished;
  run.progress.step = 600;
  run.record = record_of({{0, 0.02}, {300, 0.04}, {600, 0.05}});
  run.record.recipe.repeat_share = 0.0;
  const std::string plain = body_with(&run, shipped);
  CHECK_THAT(plain, Contains("5 % at step 600"));
  CHECK_THAT(plain, Contains("no induction head formed"));
  CHECK_THAT(plain, Contains("no passage is ever repeated"));
}

TEST_CASE("script: train and wait-training lines", "[script]") {
  auto s =
      parse_script("train shipped steps 300 corpus /tmp/text seed 7 name mine\nwait-training\n", "t.txt");
  REQUIRE(s.ok());
  REQUIRE(s->commands.size() == 2);
  const ScriptCommand& t = s->commands[0];
  CHECK(t.kind == CommandKind::kTrain);
  CHECK(t.text == "shipped");
  CHECK(t.number == 300);
  CHECK(t.path == "/tmp/text");
  CHECK(t.train_seed == 7u);
  CHECK(t.name == "mine");
  CHECK(s->commands[1].kind == CommandKind::kWaitTraining);
  auto again = parse_script("train continue half\n", "t.txt");
  REQUIRE(again.ok());
  CHECK(again->commands[0].text == "continue");
  CHECK(again->commands[0].name == "half");
  for (const char* bad :
       {"train\n", "train fancy\n", "train plain steps\n", "train plain steps -4\n",
        "train plain colour red\n", "wait-training now\n", "train continue\n", "train continue a b\n"}) {
    INFO(bad);
    CHECK_FALSE(parse_script(bad, "t.txt").ok());
  }
}

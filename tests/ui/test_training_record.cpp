// Reading the manifest and the analysis; finding the phase change and the loss bump.
#include <catch2/catch.hpp>

#include "am/ui/analysis_summary.hpp"
#include "am/ui/training_record.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;

TEST_CASE("manifest: checkpoints, metrics and recipe", "[training]") {
  const char* json = R"({
    "format": 1,
    "recipe": {"init": "random", "repeat_share": 0.5, "repeat_min_length": 16, "repeat_max_length": 32,
               "batch_size": 48, "window": 64, "steps": 9000, "books": ["a.txt", "b.txt"]},
    "checkpoints": [
      {"step": 250, "file": "b", "train_loss": 2.5, "val_loss": 2.6, "nonsense_accuracy": 0.1},
      {"step": 0, "file": "a", "train_loss": 3.4, "val_loss": 3.4, "nonsense_accuracy": 0.02},
      {"step": 500, "file": "c", "metrics": {"train_loss": 2.1, "nonsense_accuracy": 0.8}}
    ]})";
  auto r = parse_training_record(json);
  REQUIRE(r.ok());
  REQUIRE(r->checkpoints.size() == 3);
  CHECK(r->steps() == std::vector<std::int64_t>{0, 250, 500});
  CHECK(*r->checkpoints[2].train_loss == Approx(2.1));
  CHECK_FALSE(r->checkpoints[2].val_loss.has_value());
  CHECK(r->has_accuracy());
  CHECK(*r->recipe.repeat_share == Approx(0.5));
  CHECK(*r->recipe.repeat_max_length == 32);
  CHECK(*r->recipe.batch_size == 48);
  CHECK(r->recipe.books.size() == 2);
  CHECK(r->nearest_step(370) == 250);
  CHECK(r->nearest_step(375) == 250);  // ties: the earlier
  CHECK(r->nearest_step(376) == 500);
  const auto track = training_track(*r, 250);
  CHECK(track.steps.size() == 3);
  CHECK(track.accuracy.size() == 3);
  CHECK(track.current_step == 250);
}

TEST_CASE("manifest without metrics is still a manifest", "[training]") {
  auto r = parse_training_record(R"({"format":1,"recipe":{"init":"random","seed":0},
                                     "checkpoints":[{"step":0,"file":"step_000000.safetensors"}]})");
  REQUIRE(r.ok());
  CHECK_FALSE(r->has_accuracy());
  CHECK(*r->recipe.init == "random");
  CHECK(training_track(*r, 0).loss.empty());
  CHECK_FALSE(find_phase_change(*r).has_value());
}

TEST_CASE("malformed manifests are errors, not crashes", "[training]") {
  CHECK_FALSE(parse_training_record("").ok());
  CHECK_FALSE(parse_training_record("[1,2]").ok());
  CHECK_FALSE(parse_training_record(R"({"checkpoints": 3})").ok());
  CHECK_FALSE(parse_training_record(R"({"checkpoints": [{"file": "x"}]})").ok());
}

TEST_CASE("phase change: last low checkpoint before the first high one", "[training]") {
  const TrainingRecord t = test::training_a();
  const auto p = find_phase_change(t);
  REQUIRE(p.has_value());
  CHECK(p->before_step == 1000);
  CHECK(p->after_step == 1500);
  CHECK(p->before_accuracy == Approx(0.14));
  CHECK(p->after_accuracy == Approx(0.78));
  const auto bump = find_loss_bump(t, 500, 2000);
  REQUIRE(bump.has_value());
  CHECK(bump->from_step == 1000);
  CHECK(bump->to_step == 1250);
  CHECK_FALSE(find_loss_bump(t, 1250, 2000).has_value());
}

TEST_CASE("analysis.json: heads, ablations, demo", "[analysis]") {
  const char* json = R"({
    "step": 9000,
    "nonsense": {"sequences": 200, "accuracy": 0.96, "by_words": [{"words": 2, "accuracy": 0.9}]},
    "heads": [
      {"head": "L1H1", "previous": 0.1, "two_back": 0.4}, {"head": "L1H2", "previous": 0.8},
      {"head": "L1H3", "space": 0.3, "space_share": 0.1}, {"head": "L1H4"},
      {"head": "L2H1"}, {"head": "L2H2"}, {"head": "L2H3", "induction": 0.7}, {"head": "L2H4", "induction": 0.6}
    ],
    "ablation": [{"pulled": ["L2H3"], "accuracy": 0.33}, {"pulled": "L2H3,L2H4", "accuracy": 0.1}],
    "demo": {"text": "qzxv kplw qzxv kp", "next": "l", "p": 0.84}
  })";
  auto r = parse_analysis_summary(json);
  REQUIRE(r.ok());
  CHECK(r->step == 9000);
  CHECK(*r->sequences == 200);
  CHECK(r->accuracy == Approx(0.96));
  CHECK(r->accuracy_by_words.size() == 1);
  CHECK(r->heads[0][1].previous == Approx(0.8));
  CHECK(r->heads[1][2].induction == Approx(0.7));
  CHECK(*r->accuracy_with(test::mask_of({"L2H3"})) == Approx(0.33));
  CHECK(*r->accuracy_with(test::mask_of({"L2H4", "L2H3"})) == Approx(0.1));
  CHECK(*r->accuracy_with(HeadMask{}) == Approx(0.96));
  CHECK_FALSE(r->accuracy_with(test::mask_of({"L1H1"})).has_value());
  CHECK(r->demo->expected == "l");
}

TEST_CASE("analysis.json missing its essentials is rejected", "[analysis]") {
  CHECK_FALSE(parse_analysis_summary("{}").ok());
  CHECK_FALSE(parse_analysis_summary(R"({"nonsense": {"accuracy": 0.5}, "heads": []})").ok());
  CHECK_FALSE(parse_analysis_summary("not json").ok());
}

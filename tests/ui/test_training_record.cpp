// Reading the manifest and the analysis; finding the phase change and the loss bump.
#include <catch2/catch.hpp>

#include "am/model/head_mask.hpp"
#include "am/model/analysis_summary.hpp"
#include "am/ui/training_curves.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;

TEST_CASE("manifest with checkpoints, metrics and recipe", "[training]") {
  std::string heads = "{";
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      heads += std::string(heads.size() > 1 ? "," : "") + "\"" + head_name(l, h) + "\": {\"previous\": " +
               std::to_string(0.1 * (l * kHeads + h)) + ", \"induction\": 0.5}";
  heads += "}";
  const std::string json = R"({
    "format": 1,
    "recipe": {"init": "torch", "repeat-share": 0.5, "repeat-min": 4, "repeat-max": 32,
               "batch": 48, "steps": 9000, "lr": 0.01},
    "checkpoints": [
      {"step": 250, "file": "b", "train_loss": 2.7, "train_loss_smoothed": 2.5, "val_loss": 2.6,
       "analysis_version": 1, "nonsense_accuracy": 0.1, "head_scores": )" + heads + R"(},
      {"step": 0, "file": "a", "train_loss": 3.4, "val_loss": 3.4, "analysis_version": 1, "nonsense_accuracy": 0.02},
      {"step": 500, "file": "c", "train_loss_smoothed": 2.1, "analysis_version": 1, "nonsense_accuracy": 0.8}
    ]})";
  auto r = parse_training_record(json);
  REQUIRE(r.ok());
  REQUIRE(r->checkpoints.size() == 3);
  CHECK(r->steps() == std::vector<std::int64_t>{0, 250, 500});
  CHECK(*r->checkpoints[0].train_loss == Approx(3.4));  // no smoothed loss: the raw one
  CHECK(*r->checkpoints[1].train_loss == Approx(2.5));  // the smoothed one first
  CHECK_FALSE(r->checkpoints[2].val_loss.has_value());
  REQUIRE(r->checkpoints[1].heads.has_value());
  CHECK((*r->checkpoints[1].heads)[1][3].previous == Approx(0.7));
  CHECK_FALSE(r->checkpoints[0].heads.has_value());
  CHECK(r->has_accuracy());
  CHECK(*r->recipe.repeat_share == Approx(0.5));
  CHECK(*r->recipe.repeat_min == 4);
  CHECK(*r->recipe.repeat_max == 32);
  CHECK(*r->recipe.batch == 48);
  CHECK(*r->recipe.steps == 9000);
  CHECK(r->nearest_step(370) == 250);
  CHECK(r->nearest_step(375) == 250);  // ties: the earlier
  CHECK(r->nearest_step(376) == 500);
  const auto track = training_track(*r, 250);
  CHECK(track.steps.size() == 3);
  CHECK(track.accuracy.size() == 3);
  CHECK(track.loss.size() == 3);
  CHECK(track.current_step == 250);
}

TEST_CASE("metrics of an unknown analysis version are ignored", "[training]") {
  auto r = parse_training_record(R"({"checkpoints":[{"step":0,"analysis_version":2,"nonsense_accuracy":0.5},
                                                     {"step":10,"nonsense_accuracy":0.6}]})");
  REQUIRE(r.ok());
  CHECK_FALSE(r->checkpoints[0].nonsense_accuracy.has_value());
  CHECK_FALSE(r->checkpoints[1].nonsense_accuracy.has_value());
  CHECK_FALSE(r->has_accuracy());
}

TEST_CASE("manifest without metrics is still a manifest", "[training]") {
  auto r = parse_training_record(R"({"format":1,"recipe":{"init":"random","seed":0},
                                     "checkpoints":[{"step":0,"file":"step_000000.safetensors"}]})");
  REQUIRE(r.ok());
  CHECK_FALSE(r->has_accuracy());
  CHECK(*r->recipe.init == "random");
  CHECK_FALSE(r->recipe.repeat_share.has_value());
  CHECK(training_track(*r, 0).loss.empty());
  CHECK_FALSE(find_phase_change(*r).has_value());
}

TEST_CASE("malformed manifests are errors, not crashes", "[training]") {
  CHECK_FALSE(parse_training_record("").ok());
  CHECK_FALSE(parse_training_record("[1,2]").ok());
  CHECK_FALSE(parse_training_record(R"({"checkpoints": 3})").ok());
  CHECK_FALSE(parse_training_record(R"({"checkpoints": [{"file": "x"}]})").ok());
}

TEST_CASE("phase change is the last low checkpoint before the first high one", "[training]") {
  const TrainingRecord t = test::training_a();
  const auto p = find_phase_change(t);
  REQUIRE(p.has_value());
  CHECK(p->before_step == 1000);
  CHECK(p->after_step == 1500);
  CHECK(p->before_accuracy == Approx(0.14));
  CHECK(p->after_accuracy == Approx(0.78));
  const auto bump = find_loss_bump(t, 500, 2000);
  REQUIRE(bump.has_value());
  CHECK(bump->trough_step == 1000);
  CHECK(bump->peak_step == 1250);
  CHECK(bump->size == Approx(0.05));
  CHECK_FALSE(find_loss_bump(t, 1250, 2000).has_value());
}

TEST_CASE("analysis.json with heads, ablations, demo, definitions", "[analysis]") {
  const char* json = R"({
    "version": 1, "generator": "attention-analyze", "step": 9000, "file": "step_009000.safetensors",
    "nonsense": {"accuracy": 0.96, "correct": 3431, "total": 3574, "sequences": 200,
                 "by_words": [{"words": 2, "accuracy": 0.9, "correct": 9, "total": 10}]},
    "head_scores": {
      "L1H1": {"previous": 0.1, "two_back": 0.4}, "L1H2": {"previous": 0.8},
      "L1H3": {"space": 0.3, "space_share": 0.1}, "L1H4": {},
      "L2H1": {}, "L2H2": {}, "L2H3": {"induction": 0.7}, "L2H4": {"induction": 0.6}
    },
    "ablations": [{"pulled": "L2H3", "kind": "single", "accuracy": 0.33, "drop": 0.63},
                  {"pulled": "L2H3,L2H4", "kind": "induction pair", "accuracy": 0.1, "drop": 0.86}],
    "demo": {"text": "qzxv kplw qzxv kp", "expected": "l", "p": 0.84, "top5": []},
    "bits_per_char": 2.4, "bigram_bits_per_char": 3.37,
    "bits_per_char_by_book": [{"name": "emma", "title": "Emma"}, {"name": "x.txt"}],
    "definitions": {"role_thresholds": {"induction": 0.45, "previous": 0.5, "spaces_over_share": 3},
                    "phase_thresholds": {"low": 0.1, "high": 0.8}}
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
  REQUIRE(r->books.size() == 2);
  CHECK(r->books[0].title == "Emma");
  CHECK(r->books[1].title == "x.txt");  // no title: the name stands in
  CHECK(r->role_thresholds.induction == Approx(0.45));
  CHECK(r->role_thresholds.previous == Approx(0.5));
  CHECK(r->role_thresholds.two_back == Approx(0.4));  // not stated: the default
  CHECK(r->role_thresholds.spaces_over_share == Approx(3.0));
  CHECK(r->phase_thresholds.high == Approx(0.8));
}

TEST_CASE("analysis.json of another schema version is refused", "[analysis]") {
  auto r = parse_analysis_summary(R"({"version": 2, "nonsense": {"accuracy": 0.5}, "head_scores": {}})");
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.error(), Catch::Matchers::Contains("schema version 2"));
}

TEST_CASE("analysis.json missing its essentials is rejected", "[analysis]") {
  CHECK_FALSE(parse_analysis_summary("{}").ok());
  CHECK_FALSE(parse_analysis_summary(R"({"nonsense": {"accuracy": 0.5}, "head_scores": {"L1H1": {}}})").ok());
  CHECK_FALSE(parse_analysis_summary("not json").ok());
}

TEST_CASE("the training record is built from what the manifest reader found", "[training]") {
  const std::string text = R"({"recipe": {"repeat-min": 8, "batch": 16},
    "checkpoints": [{"step": 40, "file": "b", "train_loss": 2.0, "analysis_version": 1, "nonsense_accuracy": 0.6},
                    {"step": 20, "file": "a", "val_loss": 2.5, "analysis_version": 2, "nonsense_accuracy": 0.9}]})";
  const auto r = training_record_from(read_manifest(text));
  REQUIRE(r.ok());
  CHECK(r->steps() == std::vector<std::int64_t>{20, 40});
  CHECK(*r->checkpoints[0].val_loss == Approx(2.5));
  CHECK_FALSE(r->checkpoints[0].nonsense_accuracy.has_value());  // analysis version 2: not read
  CHECK(*r->checkpoints[1].nonsense_accuracy == Approx(0.6));
  CHECK(*r->checkpoints[1].train_loss == Approx(2.0));
  CHECK(*r->recipe.repeat_min == 8);
  CHECK(*r->recipe.batch == 16);
  CHECK_FALSE(r->recipe.init.has_value());

  CHECK_THAT(training_record_from(read_manifest("[1]")).error(), Catch::Matchers::Contains("not a JSON object"));
  CHECK_THAT(training_record_from(read_manifest("{}")).error(), Catch::Matchers::Contains("\"checkpoints\" list"));
  CHECK_THAT(training_record_from(read_manifest(R"({"checkpoints": [{"step": "1"}]})")).error(),
             Catch::Matchers::Contains("integer \"step\""));
}

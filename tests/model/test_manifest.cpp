// The one reader of manifest.json: what it keeps, what it leaves absent, and that
// load_manifest hands its result on.
#include <catch2/catch.hpp>

#include <string>

#include "am/model/head_mask.hpp"
#include "am/model/manifest.hpp"
#include "am/model/weights_dir.hpp"
#include "test_util.hpp"

using namespace am;
using am::test::ScratchDir;

namespace {

// {"L1H1": {"previous": 0.0, "entropy": 1.5}, ..., "L2H4": {"previous": 0.7, ...}},
// leaving out the last `missing` heads.
std::string head_scores(int missing = 0) {
  std::string s = "{";
  for (int i = 0; i < kLayers * kHeads - missing; ++i)
    s += std::string(i ? "," : "") + "\"" + head_name(i / kHeads, i % kHeads) +
         "\": {\"previous\": " + std::to_string(0.1 * i) + ", \"entropy\": 1.5, \"induction\": \"high\"}";
  return s + "}";
}

}  // namespace

TEST_CASE("read_manifest keeps every checkpoint's metrics and the recipe") {
  const std::string text = R"({
    "recipe": {"init": "torch", "repeat-share": 0.5, "repeat-min": 4, "repeat-max": 32, "batch": 48,
               "steps": 9000, "lr": 0.01},
    "checkpoints": [
      {"step": 250, "file": "b", "train_loss": 2.7, "smoothed_train_loss": 2.5, "val_loss": 2.6,
       "analysis_version": 1, "nonsense_accuracy": 0.1, "head_scores": )" +
                           head_scores() + R"(},
      {"step": 0, "file": "a", "train_loss": 3.4},
      {"step": 1.5, "file": 7, "val_loss": "low", "head_scores": )" +
                           head_scores(1) + R"(},
      5
    ]})";
  const ManifestContents m = read_manifest(text);
  REQUIRE(m.is_object);
  REQUIRE(m.has_checkpoint_list);
  REQUIRE(m.checkpoints.size() == 4);  // in the file's order, the bad ones too

  const ManifestCheckpoint& first = m.checkpoints[0];
  CHECK(*first.step == 250);
  CHECK(*first.file == "b");
  CHECK(*first.train_loss == Approx(2.5));  // the smoothed loss before the raw one
  CHECK(*first.val_loss == Approx(2.6));
  CHECK(*first.analysis_version == 1);
  CHECK(*first.nonsense_accuracy == Approx(0.1));
  REQUIRE(first.heads.has_value());
  CHECK((*first.heads)[1][3].previous == Approx(0.7));
  CHECK((*first.heads)[0][0].entropy == Approx(1.5));
  CHECK((*first.heads)[0][0].induction == 0.0);  // not a number: 0

  CHECK(*m.checkpoints[1].train_loss == Approx(3.4));  // no smoothed loss: the raw one
  CHECK_FALSE(m.checkpoints[1].heads.has_value());

  const ManifestCheckpoint& bad = m.checkpoints[2];  // wrong types read as absent
  CHECK_FALSE(bad.step.has_value());
  CHECK_FALSE(bad.file.has_value());
  CHECK_FALSE(bad.val_loss.has_value());
  CHECK_FALSE(bad.heads.has_value());  // seven heads of eight
  CHECK_FALSE(m.checkpoints[3].step.has_value());

  CHECK(*m.recipe.init == "torch");
  CHECK(*m.recipe.repeat_share == Approx(0.5));
  CHECK(*m.recipe.repeat_min == 4);
  CHECK(*m.recipe.repeat_max == 32);
  CHECK(*m.recipe.batch == 48);
  CHECK(*m.recipe.steps == 9000);
  CHECK(*m.recipe.learning_rate == Approx(0.01));
}

TEST_CASE("read_manifest says what it could not find") {
  CHECK_FALSE(read_manifest("").is_object);
  CHECK_FALSE(read_manifest(R"({"checkpoints": [)").is_object);
  CHECK_FALSE(read_manifest("[1, 2]").is_object);
  const ManifestContents none = read_manifest(R"({"checkpoints": {"step": 0}, "recipe": 3})");
  CHECK(none.is_object);
  CHECK_FALSE(none.has_checkpoint_list);
  CHECK_FALSE(none.recipe.init.has_value());
  const ManifestContents empty = read_manifest(R"({"checkpoints": []})");
  CHECK(empty.has_checkpoint_list);
  CHECK(empty.checkpoints.empty());
}

TEST_CASE("load_manifest keeps what read_manifest found") {
  const ScratchDir dir;
  dir.write("manifest.json", R"({"checkpoints": [{"step": 9, "file": "b", "val_loss": 1.25},
                                                  {"step": 3, "file": "a"}]})");
  const auto m = load_manifest(dir.path());
  REQUIRE(m.ok());
  CHECK(m->checkpoints.front().step == 3);  // the list sorted by step
  REQUIRE(m->contents.checkpoints.size() == 2);
  CHECK(*m->contents.checkpoints[0].step == 9);  // the contents in the file's order
  CHECK(*m->contents.checkpoints[0].val_loss == Approx(1.25));

  const ScratchDir empty;
  const auto text = read_manifest_text(empty.path());
  REQUIRE_FALSE(text.ok());
  CHECK(text.error() == "cannot open " + (empty.path() / "manifest.json").string());
}

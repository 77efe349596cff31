#include <catch2/catch.hpp>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "am/analysis/analysis_json.hpp"
#include "am/analysis/manifest_metrics.hpp"

using namespace am::analysis;
namespace fs = std::filesystem;

namespace {

CheckpointMetrics some_metrics() {
  CheckpointMetrics m;
  m.accuracy.overall = {30, 100};
  m.accuracy.by_words[0] = {1, 10};
  m.accuracy.by_words[4] = {9, 10};
  m.accuracy.by_next_class[0] = {1, 4};
  m.heads[0][3].previous = 0.8123456789;
  m.heads[1][2].induction = 0.65;
  m.heldout_loss = {200.0, 100};
  return m;
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("am_analysis_json_" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

}  // namespace

TEST_CASE("a record keeps the trainer's val_loss and uses the measured one otherwise") {
  const CheckpointMetrics m = some_metrics();
  const CheckpointRecord measured = make_record(5, "a.safetensors", m, Json{{"step", 5}, {"val_loss", nullptr}});
  REQUIRE(measured.val_loss);
  CHECK(*measured.val_loss == 2.0);
  CHECK(measured.val_loss_source == "analysis");
  const CheckpointRecord trainer =
      make_record(5, "a.safetensors", m, Json{{"step", 5}, {"val_loss", 1.5}, {"train_loss_smoothed", 1.7}});
  CHECK(*trainer.val_loss == 1.5);
  CHECK(trainer.val_loss_source == "manifest");
  CHECK(*trainer.train_loss_smoothed == 1.7);
  // a val_loss that an earlier analysis wrote is measured again
  const CheckpointRecord again = make_record(
      5, "a.safetensors", m, Json{{"step", 5}, {"val_loss", 9.0}, {"val_loss_source", kAnalysisValLossSource}});
  CHECK(*again.val_loss == 2.0);
}

TEST_CASE("manifest metrics round-trip through a checkpoint entry") {
  const CheckpointRecord r = make_record(250, "step_000250.safetensors", some_metrics(), Json::object());
  Json entry{{"step", 250}, {"file", "step_000250.safetensors"}, {"train_loss_smoothed", 1.9}, {"mine", "kept"}};
  write_metrics_into(entry, r);
  CHECK(entry["mine"] == "kept");
  CHECK(entry["analysis_version"] == kAnalysisSchemaVersion);
  CHECK(entry["nonsense_accuracy"] == 0.3);
  CHECK(entry["nonsense_accuracy_by_words"]["2"] == 0.1);
  CHECK(entry["head_scores"]["L1H4"]["previous"] == 0.8123);  // four decimals
  CHECK(entry["val_loss"] == 2.0);
  const auto back = record_from_manifest_entry(entry);
  REQUIRE(back);
  CHECK(back->step == 250);
  CHECK(back->accuracy == 0.3);
  CHECK(back->accuracy_by_words[4] == 0.9);
  CHECK(back->heads[1][2].induction == 0.65);
  CHECK(back->val_loss_source == "analysis");
  CHECK(*back->train_loss_smoothed == 1.9);
  CHECK_FALSE(record_from_manifest_entry(Json{{"step", 1}, {"file", "x"}}));
  Json old = entry;
  old["analysis_version"] = kAnalysisSchemaVersion + 1;
  CHECK_FALSE(record_from_manifest_entry(old));
}

TEST_CASE("update_manifest adds metrics, keeps every other key and their order") {
  TempDir dir;
  {
    std::ofstream out(dir.path / "manifest.json");
    out << R"({"format": 1, "recipe": {"lr": 0.01}, "checkpoints": [
      {"step": 0, "file": "a.safetensors", "train_loss": 3.4, "val_loss": null},
      {"step": 10, "file": "b.safetensors", "note": "hello"}], "extra": [1, 2]})";
  }
  const CheckpointRecord r = make_record(10, "b.safetensors", some_metrics(), Json::object());
  REQUIRE(update_manifest(dir.path, {r}));
  const Json doc = Json::parse(read(dir.path / "manifest.json"));
  CHECK(doc["recipe"]["lr"] == 0.01);
  CHECK(doc["extra"] == Json({1, 2}));
  CHECK(doc.begin().key() == "format");
  CHECK(doc["checkpoints"][0]["train_loss"] == 3.4);
  CHECK_FALSE(doc["checkpoints"][0].contains("nonsense_accuracy"));
  CHECK(doc["checkpoints"][1]["note"] == "hello");
  CHECK(doc["checkpoints"][1]["nonsense_accuracy"] == 0.3);
  CHECK_FALSE(fs::exists(dir.path / "manifest.json.tmp"));
  CheckpointRecord missing = r;
  missing.step = 99;
  CHECK_FALSE(update_manifest(dir.path, {missing}));
}

TEST_CASE("analysis.json has a version, the final studies at the top, facts and the series") {
  const NonsenseSet& set = standard_nonsense_set();
  const CheckpointRecord r = make_record(10, "b.safetensors", some_metrics(), Json::object());
  FinalAnalysis final;
  final.step = 10;
  final.accuracy.overall = {7, 10};
  final.single[1][3].accuracy.overall = {2, 10};
  final.single[1][3].pulled.pulled[1][3] = true;
  final.prompts.push_back({"qzxv kplw qzxv kp", "l", {}});
  final.prompts[0].probs[11] = 0.9;  // 'l'
  final.prompts[0].probs[0] = 0.1;
  TextComparison book{"pg11", "Alice", {10.0, 10}, {20.0, 10}};
  TextComparison overall{"overall", "all", {10.0, 10}, {20.0, 10}};
  final.texts = {book, overall};
  const ChapterFacts facts = derive_facts({r}, r.heads, final);
  AnalysisInputs in;
  in.set = &set;
  in.series = {r};
  in.final_record = &r;
  in.final = &final;
  in.facts = &facts;
  const Json doc = analysis_json(in);
  CHECK(doc["version"] == kAnalysisSchemaVersion);
  CHECK(doc["step"] == 10);
  CHECK(doc["nonsense"]["accuracy"] == 0.7);
  CHECK(doc["nonsense"]["sequences"] == 200);
  CHECK(doc["nonsense"]["by_words"].size() == 5);
  CHECK(doc["nonsense"]["by_words"][0]["words"] == 2);
  CHECK(doc["head_scores"]["L2H3"]["induction"] == 0.65);
  CHECK(doc["ablations"].size() == 8);  // no pair measured here
  CHECK(doc["ablations"][7]["pulled"] == "L2H4");
  CHECK(doc["ablations"][7]["accuracy"] == 0.2);
  CHECK(doc["demo"]["text"] == "qzxv kplw qzxv kp");
  CHECK(doc["demo"]["expected"] == "l");
  CHECK(doc["demo"]["p"] == 0.9);
  CHECK(doc["demo"]["top5"][0]["char"] == "l");
  CHECK(doc["demo"]["top5"][1]["char"] == "a");
  CHECK(doc["bits_per_char"] == Approx(1.0 / std::log(2.0)));
  CHECK(doc["bigram_bits_per_char"] == Approx(2.0 / std::log(2.0)));
  CHECK(doc["bits_per_char_by_book"].size() == 1);
  CHECK(doc["facts"]["roles"].size() == 8);
  CHECK(doc["facts"]["phase_change"]["found"] == false);
  CHECK(doc["checkpoints"].size() == 1);
  CHECK(doc["checkpoints"][0]["val_loss"] == 2.0);
  CHECK(doc["definitions"]["nonsense_set"]["sequences"] == 200);
  // the formatted text parses back to the same document
  CHECK(Json::parse(format_analysis_json(doc)) == doc);
}

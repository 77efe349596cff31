#include <catch2/catch.hpp>

#include "am/train/checkpoints.hpp"
#include "test_support.hpp"

using namespace am;
using namespace am::train;
using am::train::test::read_file;
using am::train::test::TempDir;
using am::train::test::write_file;

TEST_CASE("checkpoints: the plan is dense inside the window, sparse outside, with both ends") {
  Recipe r;
  r.steps = 1000;
  r.dense_every = 25;
  r.dense_from = 100;
  r.dense_to = 200;
  r.sparse_every = 250;
  const auto plan = planned_checkpoints(r);
  const std::vector<std::int64_t> expect = {0, 100, 125, 150, 175, 200, 250, 500, 750, 1000};
  CHECK(plan == expect);
  r.steps = 1010;
  CHECK(planned_checkpoints(r).back() == 1010);
  CHECK(checkpoint_file_name(250) == "step_000250.safetensors");
  CHECK(checkpoint_file_name(1234567) == "step_1234567.safetensors");

  Recipe defaults;  // the brief's numbers: 121 dense + 24 sparse
  CHECK(planned_checkpoints(defaults).size() == 145);
}

TEST_CASE("checkpoints: the manifest keeps what other tools added") {
  TempDir dir("manifest");
  nlohmann::ordered_json recipe = {{"lr", 0.01}};
  CheckpointRecord first{0, "step_000000.safetensors", 3.5, 3.5, 3.4};
  REQUIRE(record_checkpoint(dir.path(), recipe, first).ok());

  // Another tool adds a top-level key and a per-checkpoint metric.
  auto doc = nlohmann::ordered_json::parse(read_file(dir.path() / "manifest.json"));
  doc["analysis"] = {{"version", 2}};
  doc["checkpoints"][0]["nonsense_accuracy"] = 0.06;
  write_file(dir.path() / "manifest.json", doc.dump());

  CheckpointRecord second{25, "step_000025.safetensors", 2.9, 3.1, std::nullopt};
  REQUIRE(record_checkpoint(dir.path(), recipe, second).ok());
  first.train_loss_smoothed = 3.25;  // rewriting an entry updates ours, keeps theirs
  REQUIRE(record_checkpoint(dir.path(), recipe, first).ok());

  const std::string text = read_file(dir.path() / "manifest.json");
  const auto m = nlohmann::ordered_json::parse(text);
  CHECK(m["format"] == 1);
  CHECK(m["recipe"]["lr"] == 0.01);
  CHECK(m["analysis"]["version"] == 2);
  REQUIRE(m["checkpoints"].size() == 2);
  CHECK(m["checkpoints"][0]["step"] == 0);
  CHECK(m["checkpoints"][0]["train_loss_smoothed"] == 3.25);
  CHECK(m["checkpoints"][0]["nonsense_accuracy"] == 0.06);
  CHECK(m["checkpoints"][1]["file"] == "step_000025.safetensors");
  CHECK(m["checkpoints"][1]["val_loss"].is_null());
  // One line per checkpoint keeps 150 of them small.
  CHECK(text.find("\n    {\"step\":25,\"file\":\"step_000025.safetensors\"") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir.path() / "manifest.json.tmp"));

  write_file(dir.path() / "manifest.json", "not json");
  CHECK_FALSE(record_checkpoint(dir.path(), recipe, second).ok());
}

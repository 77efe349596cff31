// Short real runs on a small text: determinism, resume, and that training learns.
#include <catch2/catch.hpp>

#include <sstream>

#include "am/model/safetensors.hpp"
#include "am/train/checkpoints.hpp"
#include "am/train/trainer.hpp"
#include "test_support.hpp"

using namespace am;
using namespace am::train;
using am::train::test::fixtures;
using am::train::test::read_file;
using am::train::test::TempDir;

namespace {

// A small but real recipe: 8 windows a step, half of them repeats, checkpoints every 10 steps.
Recipe small_recipe(const std::filesystem::path& out, std::int64_t steps) {
  Recipe r;
  r.corpus = fixtures() / "small_text";
  r.out = out;
  r.steps = steps;
  r.batch = 8;
  r.warmup = 10;
  r.dense_every = 10;
  r.dense_from = 0;
  r.dense_to = steps;
  r.sparse_every = 50;
  r.val_windows = 8;
  r.log_every = 0;
  r.threads = 2;
  return r;
}

RunSummary run(const Recipe& r, std::set<std::string> given = {}) {
  std::ostringstream log;
  auto summary = run_training(r, given, log);
  INFO(log.str());
  REQUIRE(summary.ok());
  return *summary;
}

}  // namespace

TEST_CASE("training: the same recipe gives the same bytes, for 1 or 2 threads") {
  TempDir dir("determinism");
  // Each run uses the same --out (the manifest records it), then moves aside.
  const auto run_into = [&](const std::string& name, int threads, std::uint64_t seed) {
    Recipe r = small_recipe(dir.path() / "run", 30);
    r.threads = threads;
    r.seed = seed;
    run(r);
    std::filesystem::rename(r.out, dir.path() / name);
    std::filesystem::rename(r.state_path(), dir.path() / (name + ".state"));
    return r;
  };
  const Recipe a = run_into("a", 2, 0);
  run_into("b", 2, 0);
  run_into("c", 1, 0);
  run_into("d", 2, 1);
  for (const auto step : planned_checkpoints(a)) {
    const std::string name = checkpoint_file_name(step);
    INFO(name);
    const std::string bytes = read_file(dir.path() / "a" / name);
    REQUIRE(bytes.size() > 100000);
    const bool same_run = bytes == read_file(dir.path() / "b" / name);
    const bool one_thread = bytes == read_file(dir.path() / "c" / name);  // the same weights
    CHECK(same_run);
    CHECK(one_thread);
  }
  CHECK(read_file(dir.path() / "a" / "manifest.json") == read_file(dir.path() / "b" / "manifest.json"));
  const bool same_state = read_file(dir.path() / "a.state") == read_file(dir.path() / "b.state");
  CHECK(same_state);
  // A different seed is a different run.
  const bool same_as_other_seed = read_file(dir.path() / "a" / checkpoint_file_name(30)) ==
                                  read_file(dir.path() / "d" / checkpoint_file_name(30));
  CHECK_FALSE(same_as_other_seed);
}

TEST_CASE("training: stopping and resuming ends bit-identical to one uninterrupted run") {
  TempDir dir("resume");
  Recipe whole = small_recipe(dir.path() / "whole", 40);
  run(whole);

  Recipe first = small_recipe(dir.path() / "parts", 40);
  first.stop_at = 17;  // between checkpoints, mid-warm-up
  const RunSummary stopped = run(first);
  CHECK_FALSE(stopped.finished);
  CHECK(stopped.next_step == 17);
  CHECK_FALSE(std::filesystem::exists(first.out / checkpoint_file_name(20)));

  // A resumed run needs only --out and --resume: the recipe comes from the saved state.
  Recipe second;
  second.out = first.out;
  second.resume = true;
  second.corpus = first.corpus;
  second.log_every = 0;
  second.threads = 1;  // may differ: the weights do not depend on it
  const RunSummary finished = run(second, {"out", "resume", "threads", "corpus"});
  CHECK(finished.finished);
  CHECK(finished.steps_run == 40 - 17);

  for (const auto step : planned_checkpoints(whole)) {
    INFO(checkpoint_file_name(step));
    const bool same = read_file(whole.out / checkpoint_file_name(step)) == read_file(first.out / checkpoint_file_name(step));
    CHECK(same);
  }
  CHECK(read_file(whole.state_path()) != "");
  // The manifests differ only in the recorded thread count.
  auto m1 = nlohmann::ordered_json::parse(read_file(whole.out / "manifest.json"));
  auto m2 = nlohmann::ordered_json::parse(read_file(first.out / "manifest.json"));
  CHECK(m1["checkpoints"] == m2["checkpoints"]);

  // Resuming a finished run does nothing; contradicting its recipe is refused.
  std::ostringstream log;
  auto again = run_training(second, {"out", "resume"}, log);
  REQUIRE(again.ok());
  CHECK(again->steps_run == 0);
  Recipe clash = second;
  clash.lr = 0.5;
  auto refused = run_training(clash, {"out", "resume", "lr"}, log);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().find("--lr") != std::string::npos);
}

TEST_CASE("training: 200 steps on one chapter lower the loss by more than a nat") {
  TempDir dir("learning");
  Recipe r = small_recipe(dir.path() / "run", 200);
  r.dense_every = 50;
  r.dense_to = 200;
  r.repeat_share = 0.0;  // plain text: the loss must fall because the model learns English
  run(r);
  const auto m = nlohmann::ordered_json::parse(read_file(r.out / "manifest.json"));
  const auto& cps = m["checkpoints"];
  REQUIRE(cps.size() == 5);
  const double start = cps[0]["train_loss"].get<double>();
  const double end = cps[4]["train_loss_smoothed"].get<double>();
  const double val_start = cps[0]["val_loss"].get<double>();
  const double val_end = cps[4]["val_loss"].get<double>();
  INFO("train " << start << " -> " << end << ", held-out " << val_start << " -> " << val_end);
  CHECK(start > 3.0);          // about ln 30 = 3.4 or worse at random
  CHECK(end < start - 1.0);    // the stated margin: more than one nat per character
  CHECK(val_end < val_start - 0.8);
  CHECK(m["recipe"]["command"].get<std::string>().find("--steps 200") != std::string::npos);
  // Every checkpoint is a valid model file with its step.
  auto last = load_weights(r.out / checkpoint_file_name(200));
  REQUIRE(last.ok());
  CHECK(last->step == 200);
}

TEST_CASE("training: clear refusals before any work") {
  TempDir dir("refusals");
  std::ostringstream log;
  Recipe r = small_recipe(dir.path() / "run", 10);
  r.corpus = dir.path() / "no-such-corpus";
  auto missing = run_training(r, {}, log);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().find("does not exist") != std::string::npos);

  r = small_recipe(dir.path() / "run", 10);
  r.max_weights_mib = 0.1;  // two checkpoints of 109 KB do not fit
  auto too_big = run_training(r, {}, log);
  REQUIRE_FALSE(too_big.ok());
  CHECK(too_big.error().find("--max-weights-mib") != std::string::npos);

  r = small_recipe(dir.path() / "run", 10);
  run(r);
  auto again = run_training(r, {}, log);  // the folder is no longer empty
  REQUIRE_FALSE(again.ok());
  CHECK(again.error().find("--resume") != std::string::npos);

  Recipe resume_nothing = small_recipe(dir.path() / "other", 10);
  resume_nothing.resume = true;
  auto no_state = run_training(resume_nothing, {}, log);
  REQUIRE_FALSE(no_state.ok());
  CHECK(no_state.error().find("no saved state") != std::string::npos);
}

TEST_CASE("training: --checkpoint-dtype f16 halves the files and keeps the same training") {
  TempDir dir("f16");
  Recipe full = small_recipe(dir.path() / "f32", 20);
  Recipe half = small_recipe(dir.path() / "f16", 20);
  half.checkpoint_f16 = true;
  run(full);
  run(half);
  const std::string name = checkpoint_file_name(20);
  const auto small = std::filesystem::file_size(half.out / name);
  CHECK(small * 2 < std::filesystem::file_size(full.out / name) + 4096);
  auto a = load_weights(full.out / name);
  auto b = load_weights(half.out / name);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  double worst = 0.0;
  for (std::size_t i = 0; i < kParamCount; ++i)
    worst = std::max(worst, std::abs(static_cast<double>(a->values[i]) - b->values[i]) /
                                std::max(1e-3, std::abs(static_cast<double>(a->values[i]))));
  CHECK(worst < 1e-3);  // the same weights, rounded to float16
  // Training itself stays float32: the resume states are identical apart from the recipe.
  const auto ma = nlohmann::ordered_json::parse(read_file(full.out / "manifest.json"));
  const auto mb = nlohmann::ordered_json::parse(read_file(half.out / "manifest.json"));
  CHECK(ma["checkpoints"].back()["train_loss"] == mb["checkpoints"].back()["train_loss"]);
  CHECK(mb["recipe"]["checkpoint-dtype"] == "f16");
}

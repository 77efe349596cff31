// Real runs through the controller: the same bytes as attention-train, pause, stop and
// kill then continue, the checkpoint list growing, the presets.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>

#include "am/model/runs_index.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/weights_dir.hpp"
#include "grow_support.hpp"

using namespace am;
using namespace am::grow;
using namespace am::grow::test;
using am::train::test::read_file;
using am::train::test::TempDir;
namespace fs = std::filesystem;

namespace {

// Runs `recipe` to its end through a controller in root/name.
void grow_run(const fs::path& root, const std::string& name, const train::Recipe& recipe, bool own_text = false) {
  TrainingController c(options_in(root));
  NewRun run;
  run.name = name;
  run.recipe = recipe;
  if (own_text) run.own_text = small_text();
  REQUIRE(c.start(run).ok());
  c.wait();
  const TrainingProgress p = c.progress();
  INFO(p.message);
  REQUIRE(p.phase == Phase::kFinished);
}

}  // namespace

TEST_CASE("controller: 300 shipped-recipe steps on a learner's text give attention-train's bytes") {
  TempDir tmp("grow-bytes");
  auto recipe = preset_recipe(Preset::kShipped, shipped_dir(), {{"steps", "300"}});
  REQUIRE(recipe.ok());
  grow_run(tmp.path() / "runs", "mine", *recipe, true);
  const fs::path ours = tmp.path() / "runs" / "mine";

  // The same flags, spelled out by the recipe itself, through the command-line tool.
  train::Recipe theirs = *recipe;
  theirs.corpus = small_text();
  theirs.out = tmp.path() / "cli";
  const std::string command = std::string(AM_BUILD_DIR) + "/" + theirs.command_line() + " --log-every 0 > " +
                              (tmp.path() / "cli.log").string() + " 2>&1";
  REQUIRE(std::system(command.c_str()) == 0);
  require_same_checkpoints(*recipe, ours, theirs.out);
  CHECK(train::planned_checkpoints(*recipe).size() == load_manifest(ours)->checkpoints.size());
  // The resume state stays inside the run, hidden; nothing lands beside the run folder.
  CHECK(fs::exists(ours / kStateFile));
  CHECK_FALSE(fs::exists(tmp.path() / "runs" / "mine.state.safetensors"));
}

TEST_CASE("controller: pause then resume, and stop then continue, equal an uninterrupted run") {
  TempDir tmp("grow-pause");
  const fs::path root = tmp.path() / "runs";
  const train::Recipe recipe = small_recipe(200);
  grow_run(root, "whole", recipe);

  SECTION("pause and resume") {
    TrainingController c(options_in(root));
    NewRun run{"paused", Preset::kCustom, recipe, std::nullopt};
    REQUIRE(c.start(run).ok());
    wait_until([&] { return c.progress().step >= 30; });
    c.pause();
    wait_until([&] { return c.progress().phase == Phase::kPaused; });
    const std::int64_t at = c.progress().step;
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    CHECK(c.progress().step <= at + 1);  // at most the step already under way finishes
    CHECK(c.active());
    c.resume();
    c.wait();
    REQUIRE(c.progress().phase == Phase::kFinished);
    require_same_checkpoints(recipe, root / "whole", root / "paused");
  }
  SECTION("stop, then continue in a new controller") {
    {
      TrainingController c(options_in(root));
      NewRun run{"stopped", Preset::kCustom, recipe, std::nullopt};
      REQUIRE(c.start(run).ok());
      wait_until([&] { return c.progress().step >= 45; });
      c.stop();
      c.wait();
      CHECK(c.progress().phase == Phase::kStopped);
    }
    const auto resumable = resumable_runs(root);
    REQUIRE(resumable.size() == 1);
    CHECK(resumable[0].name == "stopped");
    CHECK(resumable[0].next_step > 0);
    TrainingController c(options_in(root));
    REQUIRE(c.continue_run("stopped").ok());
    c.wait();
    INFO(c.progress().message);
    REQUIRE(c.progress().phase == Phase::kFinished);
    require_same_checkpoints(recipe, root / "whole", root / "stopped");
    CHECK(resumable_runs(root).empty());
  }
}

TEST_CASE("controller: a process killed mid-run continues to the same bytes") {
  TempDir tmp("grow-kill");
  const fs::path root = tmp.path() / "runs";
  const train::Recipe recipe = small_recipe(400);
  grow_run(root, "whole", recipe);

  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    TrainingController c(options_in(root));
    NewRun run{"killed", Preset::kCustom, recipe, std::nullopt};
    if (!c.start(run).ok()) ::_exit(3);
    c.wait();
    ::_exit(4);  // it should never get here: the parent kills it first
  }
  wait_until([&] {
    auto m = load_manifest(root / "killed");
    return m.ok() && m->checkpoints.size() >= 5;
  });
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  REQUIRE(WIFSIGNALED(status));
  REQUIRE(resumable_runs(root).size() == 1);  // the lock died with the process

  TrainingController c(options_in(root));
  REQUIRE(c.continue_run("killed").ok());
  c.wait();
  INFO(c.progress().message);
  REQUIRE(c.progress().phase == Phase::kFinished);
  require_same_checkpoints(recipe, root / "whole", root / "killed");
}

TEST_CASE("controller: the checkpoint list grows while the run goes on, each one measured") {
  TempDir tmp("grow-list");
  TrainingController c(options_in(tmp.path() / "runs"));
  const train::Recipe recipe = small_recipe(150);
  NewRun run{"growing", Preset::kCustom, recipe, std::nullopt};
  REQUIRE(c.start(run).ok());
  std::vector<std::size_t> sizes;
  std::uint64_t seen = c.revision();
  while (c.active()) {
    if (c.revision() != seen) {
      seen = c.revision();
      const std::size_t n = c.checkpoints().size();
      if (sizes.empty() || sizes.back() != n) sizes.push_back(n);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  c.wait();
  REQUIRE(c.progress().phase == Phase::kFinished);
  INFO("distinct list sizes seen during the run: " << sizes.size());
  CHECK(sizes.size() >= 4);
  CHECK(std::is_sorted(sizes.begin(), sizes.end()));
  const auto all = c.checkpoints();
  REQUIRE(all.size() == train::planned_checkpoints(recipe).size());
  for (const GrownCheckpoint& g : all) {
    INFO(g.step);
    REQUIRE(g.nonsense_accuracy.has_value());
    CHECK(*g.nonsense_accuracy >= 0.0);
    CHECK(*g.nonsense_accuracy <= 1.0);
  }
  const TrainingProgress p = c.progress();
  CHECK(p.step == 150);
  CHECK(p.measured == all.size());
  CHECK(p.chars_per_second > 0.0);
}

TEST_CASE("presets: the shipped recipe reproduces the shipped checkpoints, and plain has no repeats") {
  const fs::path shipped_run = *run_dir(shipped_dir());
  auto shipped = preset_recipe(Preset::kShipped, shipped_dir());
  REQUIRE(shipped.ok());
  CHECK(shipped->steps == load_manifest(shipped_run)->final_checkpoint().step);
  auto plain = preset_recipe(Preset::kPlain, shipped_dir());
  REQUIRE(plain.ok());
  CHECK(plain->repeat_share == 0.0);
  CHECK(shipped->repeat_share > 0.0);
  // The shipped plain run's recipe when there is one, else the shipped recipe without repeats.
  auto a = plain->to_json(), b = shipped->to_json();
  if (auto plain_run = run_dir(shipped_dir(), kPlainRunName)) {
    train::Recipe from_run = *shipped;
    const std::string text = read_file(*plain_run / "manifest.json");
    REQUIRE(train::adopt_saved_recipe(from_run, {}, nlohmann::ordered_json::parse(text)["recipe"]).ok());
    b = from_run.to_json();
  }
  a.erase("repeat-share");
  b.erase("repeat-share");
  CHECK(a == b);

  // The first 200 steps (the warm-up, which does not depend on the run's length) on the
  // six novels give the shipped files byte for byte.
  TempDir tmp("grow-shipped");
  auto short_run = preset_recipe(Preset::kShipped, shipped_dir(), {{"steps", "200"}});
  REQUIRE(short_run.ok());
  grow_run(tmp.path() / "runs", "shipped", *short_run);
  for (const auto step : train::planned_checkpoints(*short_run)) {
    const std::string name = train::checkpoint_file_name(step);
    INFO(name);
    const bool same = read_file(tmp.path() / "runs" / "shipped" / name) == read_file(shipped_run / name);
    CHECK(same);
  }
}

TEST_CASE("presets: a short plain run trains, is measured and analysed by itself") {
  TempDir tmp("grow-plain");
  auto recipe = preset_recipe(Preset::kPlain, shipped_dir(), {{"steps", "60"}});
  INFO((recipe.ok() ? std::string() : recipe.error()));
  REQUIRE(recipe.ok());
  TrainingController c(options_in(tmp.path() / "runs", true));
  NewRun run{"plain-try", Preset::kPlain, *recipe, small_text()};
  REQUIRE(c.start(run).ok());
  c.wait();
  const TrainingProgress p = c.progress();
  INFO(p.message);
  REQUIRE(p.phase == Phase::kFinished);
  const fs::path dir = tmp.path() / "runs" / "plain-try";
  CHECK(fs::exists(dir / "analysis.json"));
  CHECK(p.analysed == p.analysis_total);
  CHECK(p.analysis_total == train::planned_checkpoints(*recipe).size());
  CHECK(p.corpus_report.find("characters") != std::string::npos);
  // The manifest says what was trained, and the analysis wrote its metrics beside it.
  const std::string manifest = read_file(dir / "manifest.json");
  CHECK(manifest.find("\"repeat-share\": 0.0") != std::string::npos);
  CHECK(manifest.find("nonsense_accuracy") != std::string::npos);
  const auto runs = grow::list_runs(tmp.path() / "runs");
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].status == RunStatus::kFinished);
  CHECK(runs[0].preset == "plain");
}

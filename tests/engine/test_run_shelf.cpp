// The run shelf on real files: two runs side by side, switching between them, a grown run,
// and a folder that does not open.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "am/engine/pulled_accuracy.hpp"
#include "am/engine/run_shelf.hpp"
#include "weights_folder.hpp"

using namespace am;
using namespace am::engine;
using am::engine_test::WeightsFolder;
using Catch::Matchers::Contains;

namespace {

RunInfo run_info(const std::string& name, const std::filesystem::path& dir) {
  RunInfo info;
  info.name = name;
  info.title = name;
  info.dir = dir;
  return info;
}

}  // namespace

TEST_CASE("the shelf opens every run, shows the first and binds the caches to the run on show",
          "[engine][shelf]") {
  WeightsFolder folder(false);
  RunShelf shelf;
  const auto missing = folder.dir / "no_such_run";
  const auto problems =
      shelf.open({run_info("a", folder.dir), run_info("gone", missing), run_info("b", folder.dir)},
                 ModelEngine::OpenOptions{});
  REQUIRE(shelf.runs().size() == 2);  // "gone" is left out, with its reason
  REQUIRE(problems.size() == 1);
  CHECK_THAT(problems.front(), Contains("run gone: ") && Contains("left out"));
  CHECK(&shelf.shown() == shelf.runs()[0].engine.get());
  CHECK(shelf.steps() == std::vector<std::int64_t>{0, 100, 200});
  CHECK(shelf.grown_name().empty());
  CHECK(shelf.cache().target() > 0);

  auto changed = shelf.show("b");
  REQUIRE(changed.ok());
  CHECK(*changed);
  CHECK(&shelf.shown() == shelf.runs()[1].engine.get());
  CHECK_FALSE(*shelf.show("b"));  // already on show
  auto unknown = shelf.show("c");
  REQUIRE_FALSE(unknown.ok());
  CHECK_THAT(unknown.error(), Contains("no run named 'c'") && Contains("a, b"));
  CHECK(&shelf.shown() == shelf.runs()[1].engine.get());  // a failed switch leaves the run on show
}

TEST_CASE("a grown run goes on show up to its measured step, and a shipped one takes over again",
          "[engine][shelf]") {
  WeightsFolder folder(false);
  RunShelf shelf;
  REQUIRE(shelf.open({run_info("a", folder.dir)}, ModelEngine::OpenOptions{}).empty());
  // A run still training: its manifest has no accuracy yet, the trainer measured it in memory.
  nlohmann::json manifest = nlohmann::json::parse(std::ifstream(folder.dir / "manifest.json"));
  for (auto& c : manifest["checkpoints"]) c.erase("nonsense_accuracy");
  std::ofstream(folder.dir / "manifest.json") << manifest.dump(2);
  REQUIRE(shelf.show_grown(folder.dir, 100, {{0, 0.25}, {100, 0.5}}).ok());
  CHECK(shelf.grown_name() == folder.dir.filename().string());
  CHECK(shelf.steps() == std::vector<std::int64_t>{0, 100});
  CHECK(shelf.shown().training().checkpoints.at(1).nonsense_accuracy.value_or(-1.0) == Approx(0.5));
  CHECK(shelf.cache().target() > 0);
  REQUIRE(*shelf.show("a"));
  CHECK(shelf.grown_name().empty());
  CHECK(shelf.steps().size() == 3);
  CHECK_FALSE(shelf.show_grown(folder.dir / "nothing_here", std::nullopt, {}).ok());
  CHECK(&shelf.shown() == shelf.runs()[0].engine.get());  // a grown run that does not load changes nothing
}

TEST_CASE(
    "the pulled heads' accuracy: none unpulled, computed at once headless, kept until the step or heads change",
    "[engine][shelf]") {
  WeightsFolder folder(false);
  RunShelf shelf;
  REQUIRE(shelf.open({run_info("a", folder.dir)}, ModelEngine::OpenOptions{}).empty());
  PulledAccuracy accuracy;
  CHECK_FALSE(accuracy.update(shelf, 200, 2, HeadMask{}, true).has_value());
  HeadMask pulled;
  pulled.pulled[1][3] = true;
  const auto at_once = accuracy.update(shelf, 200, 2, pulled, true);
  REQUIRE(at_once.has_value());
  CHECK(*at_once == *shelf.shown().nonsense_accuracy(200, pulled));
  CHECK(accuracy.value() == at_once);
  HeadMask other;
  other.pulled[0][0] = true;
  CHECK(*accuracy.update(shelf, 100, 1, other, true) == *shelf.shown().nonsense_accuracy(100, other));
  CHECK_FALSE(accuracy.update(shelf, 100, 1, HeadMask{}, true).has_value());
}

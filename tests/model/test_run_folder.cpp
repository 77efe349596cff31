// Degrade, don't refuse: one bad checkpoint among copies of the shipped ones is left out
// with its reason, a malformed manifest falls back to the file names, and only a folder
// with no usable checkpoint is an error. Also the overflow-free step distance.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "am/model/nearest_step.hpp"
#include "am/model/run_folder.hpp"
#include "run_folder_loader.hpp"
#include "shipped_copy.hpp"

using namespace am;
using am::test::load_run_folder;
using am::test::LoadedRunFolder;
using am::test::ShippedCopy;
using Catch::Matchers::Contains;

namespace {

std::size_t shipped_count() {
  auto m = load_manifest(am::test::shipped_weights_dir());
  REQUIRE(m);
  return m->checkpoints.size();
}

bool has_step(const LoadedRunFolder& run, std::int64_t step) {
  for (const auto& w : run.weights)
    if (w.step == step) return true;
  return false;
}

}  // namespace

TEST_CASE("a truncated checkpoint is left out with its size, the others load", "[run_folder]") {
  const ShippedCopy copy;
  REQUIRE(std::filesystem::file_size(copy / "step_004000.safetensors") == 56996);
  copy.truncate("step_004000.safetensors", 17336);
  auto run = load_run_folder(copy.dir());
  REQUIRE(run);
  CHECK(run->weights.size() == shipped_count() - 1);
  CHECK(run->manifest.checkpoints.size() == run->weights.size());
  CHECK_FALSE(has_step(*run, 4000));
  CHECK(has_step(*run, 3750));
  REQUIRE(run->skipped.size() == 1);
  CHECK(run->skipped[0].step == 4000);
  CHECK(run->skipped[0].message() == "step 4,000: truncated, 17,336 of 56,996 bytes \u2014 left out");
  CHECK(run->manifest_usable);
  CHECK(run->messages() == std::vector<std::string>{run->skipped[0].message()});
}

TEST_CASE("a checkpoint cut inside its header, a missing one and a corrupt one each say why",
          "[run_folder]") {
  const ShippedCopy copy;
  copy.truncate("step_000000.safetensors", 5);
  copy.truncate("step_000025.safetensors", 100);
  std::filesystem::remove(copy / "step_000050.safetensors");
  copy.scratch.write("step_000075.safetensors", std::string(60000, 'x'));
  auto run = load_run_folder(copy.dir());
  REQUIRE(run);
  CHECK(run->weights.size() == shipped_count() - 4);
  REQUIRE(run->skipped.size() == 4);
  CHECK_THAT(run->skipped[0].reason, Contains("5 bytes"));
  CHECK_THAT(run->skipped[1].message(), Contains("step 25: truncated, 100 of "));
  CHECK_THAT(run->skipped[2].reason, Contains("file not found"));
  CHECK_FALSE(run->skipped[3].reason.empty());
  for (const auto& s : run->skipped) CHECK_THAT(s.reason, !Contains(copy.dir().string()));
}

TEST_CASE("a malformed manifest: the checkpoints are found from their file names", "[run_folder]") {
  const ShippedCopy copy;
  copy.scratch.write("manifest.json", "{\"checkpoints\": [ {\"step\": ");
  copy.scratch.write("notes.safetensors", "not a step file");
  copy.scratch.write("step_12x.safetensors", "not a step file");
  auto run = load_run_folder(copy.dir());
  REQUIRE(run);
  CHECK_FALSE(run->manifest_usable);
  CHECK(run->weights.size() == shipped_count());
  CHECK(run->weights.front().step == 0);
  CHECK(run->weights.back().step == 9000);
  CHECK_THAT(run->manifest_message, Contains("found from their file names"));
  REQUIRE(run->messages().size() == 1);
}

TEST_CASE("a manifest with no file left: the folder is refused with every reason", "[run_folder]") {
  const ShippedCopy copy;
  for (const auto& e : std::filesystem::directory_iterator(copy.dir()))
    if (e.path().extension() == ".safetensors") std::filesystem::resize_file(e.path(), 64);
  auto run = load_run_folder(copy.dir());
  REQUIRE_FALSE(run);
  CHECK_THAT(run.error(), Contains("no usable checkpoint"));
  CHECK_THAT(run.error(), Contains("step 9,000: truncated, 64 of"));
}

TEST_CASE("an empty folder is refused, not a crash", "[run_folder]") {
  const am::test::ScratchDir dir;
  auto run = load_run_folder(dir.path());
  REQUIRE_FALSE(run);
  CHECK_THAT(run.error(), Contains("no usable checkpoint"));
  CHECK_FALSE(load_run_folder(dir / "missing"));
}

TEST_CASE("thousands are grouped, whatever the sign", "[run_folder]") {
  CHECK(group_thousands(0) == "0");
  CHECK(group_thousands(999) == "999");
  CHECK(group_thousands(1000) == "1,000");
  CHECK(group_thousands(56996) == "56,996");
  CHECK(group_thousands(-1234567) == "-1,234,567");
  CHECK(group_thousands(std::numeric_limits<std::int64_t>::min()) == "-9,223,372,036,854,775,808");
}

TEST_CASE("the step distance never overflows and the nearest checkpoint is found", "[run_folder]") {
  constexpr auto kMax = std::numeric_limits<std::int64_t>::max();
  constexpr auto kMin = std::numeric_limits<std::int64_t>::min();
  CHECK(step_distance(3, 10) == 7u);
  CHECK(step_distance(10, 3) == 7u);
  CHECK(step_distance(-5, kMax) == static_cast<std::uint64_t>(kMax) + 5u);
  CHECK(step_distance(kMin, kMax) == std::numeric_limits<std::uint64_t>::max());
  Manifest m;
  m.checkpoints = {{0, "a"}, {100, "b"}, {kMax, "c"}};
  CHECK(m.nearest(-5).step == 0);
  CHECK(m.nearest(kMin).step == 0);
  CHECK(m.nearest(kMax - 1).step == kMax);
  CHECK(m.nearest(50).step == 0);  // ties: the earlier
  CHECK(m.nearest(51).step == 100);
}

TEST_CASE("the one nearest-checkpoint rule skips the unusable ones and keeps ties on the earlier",
          "[run_folder]") {
  const std::vector<std::int64_t> steps{0, 250, 500, 1000};
  const auto step_at = [&](std::size_t i) { return steps[i]; };
  CHECK(nearest_step(steps, 125) == 0);  // ties: the earlier
  CHECK(nearest_step(steps, 126) == 250);
  CHECK(nearest_step(steps, 760) == 1000);
  // Only 0 and 1000 usable (say, the only checkpoints loaded so far).
  const auto loaded = [](std::size_t i) { return i == 0 || i == 3; };
  CHECK(nearest_index(steps.size(), 400, step_at, loaded) == std::optional<std::size_t>(0));
  CHECK(nearest_index(steps.size(), 500, step_at, loaded) ==
        std::optional<std::size_t>(0));  // 500 from each: the earlier
  CHECK(nearest_index(steps.size(), 501, step_at, loaded) == std::optional<std::size_t>(3));
  CHECK_FALSE(nearest_index(steps.size(), 400, step_at, [](std::size_t) { return false; }).has_value());
}

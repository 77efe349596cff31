// The real engine on real files: checkpoints, manifest and analysis.json written to a
// temporary folder (weights_folder.hpp) and loaded.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/safetensors.hpp"
#include "am/engine/model_engine.hpp"
#include "am/engine/nonsense_accuracy.hpp"
#include "weights_folder.hpp"

using namespace am;
using namespace am::engine;
using am::engine_test::WeightsFolder;
using Catch::Matchers::Contains;

TEST_CASE("the engine loads every checkpoint, the manifest and the analysis", "[engine]") {
  WeightsFolder folder(true);
  auto engine = ModelEngine::load(folder.dir);
  REQUIRE(engine.ok());
  ModelEngine& e = **engine;
  CHECK(e.checkpoint_steps() == std::vector<std::int64_t>{0, 100, 200});
  CHECK(e.weights_at(e.checkpoint_steps().back())->step == 200);  // the final checkpoint
  REQUIRE(e.analysis() != nullptr);
  CHECK(e.analysis()->accuracy == Approx(0.8));
  CHECK(e.training().has_accuracy());
  CHECK(*e.training().recipe.batch == 48);
  REQUIRE(e.checkpoint_index(100).has_value());
  CHECK(e.weights(*e.checkpoint_index(100))->values == random_weights(105).values);
  CHECK_FALSE(e.checkpoint_index(150).has_value());
  CHECK(e.weights_at(150)->step == 100);  // a step between two reads the nearest (ties: the earlier)
}

TEST_CASE("a missing analysis is not an error, and says so", "[engine]") {
  WeightsFolder folder(false);
  auto engine = ModelEngine::load(folder.dir);
  REQUIRE(engine.ok());
  CHECK((*engine)->analysis() == nullptr);
  CHECK_THAT((*engine)->analysis_message(), Contains("no analysis.json"));
  CHECK_FALSE(ModelEngine::load(folder.dir / "nowhere").ok());
}

TEST_CASE("the shipped weights folder loads", "[engine]") {
  auto engine = ModelEngine::load(std::filesystem::path(AM_SOURCE_DIR) / "weights");
  REQUIRE(engine.ok());
  CHECK(!(*engine)->checkpoint_steps().empty());
}

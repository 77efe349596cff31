// The real engine on real files: checkpoints, manifest and analysis.json written to a
// temporary folder, a script replayed over them, and the state dumped.
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
#include "am/ui/engine_port.hpp"
#include "am/engine/nonsense_accuracy.hpp"
#include "am/ui/state_dump.hpp"

using namespace am;
using namespace am::ui;
using namespace am::engine;
using Catch::Matchers::Contains;

namespace {

struct WeightsFolder {
  // One folder per process: ctest -j runs these cases side by side (and other checkouts may too).
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("am_ui_engine_test_" + std::to_string(::getpid()));
  WeightsFolder(bool with_analysis) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    nlohmann::json manifest = {{"format", 1}, {"recipe", {{"repeat-share", 0.5}, {"batch", 48}}}};
    for (int step : {0, 100, 200}) {
      const std::string file = "step_" + std::to_string(step) + ".safetensors";
      REQUIRE(save_weights(random_weights(static_cast<std::uint64_t>(step) + 5), dir / file).ok());
      manifest["checkpoints"].push_back({{"step", step},
                                         {"file", file},
                                         {"train_loss_smoothed", 3.0 - step / 100.0},
                                         {"analysis_version", 1},
                                         {"nonsense_accuracy", step / 250.0}});
    }
    std::ofstream(dir / "manifest.json") << manifest.dump(2);
    if (!with_analysis) return;
    nlohmann::json heads = nlohmann::json::object();
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h) heads[head_name(l, h)] = {{"previous", 0.1 * h}, {"induction", 0.2 * l + 0.05 * h}};
    const nlohmann::json analysis = {{"version", 1},
                                     {"step", 200},
                                     {"nonsense", {{"accuracy", 0.8}, {"sequences", 200}}},
                                     {"head_scores", heads},
                                     {"ablations", {{{"pulled", "L2H4"}, {"accuracy", 0.3}}}}};
    std::ofstream(dir / "analysis.json") << analysis.dump(2);
  }
  ~WeightsFolder() { std::filesystem::remove_all(dir); }
};

}  // namespace

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
  // Screenshots are the window's: the engine's own port refuses them, the app's takes them.
  EnginePort port(e);
  CHECK_THAT(port.screenshot("x.png").error(), Contains("need the window"));
  struct WindowPort : EnginePort {
    using EnginePort::EnginePort;
    Status screenshot(const std::filesystem::path&) override { return Ok{}; }
  } window_port(e);
  CHECK(window_port.screenshot("x.png").ok());
}

TEST_CASE("a missing analysis is not an error, and says so", "[engine]") {
  WeightsFolder folder(false);
  auto engine = ModelEngine::load(folder.dir);
  REQUIRE(engine.ok());
  CHECK((*engine)->analysis() == nullptr);
  CHECK_THAT((*engine)->analysis_message(), Contains("no analysis.json"));
  CHECK_FALSE(ModelEngine::load(folder.dir / "nowhere").ok());
}

TEST_CASE("a script over the real engine, pulling a head changes the dumped probabilities", "[engine]") {
  WeightsFolder folder(true);
  auto engine = ModelEngine::load(folder.dir);
  REQUIRE(engine.ok());
  ModelEngine& e = **engine;
  EnginePort port(e);
  AppState state;
  auto script = parse_script("chapter 7\nstep 90\npull L2H4\nselect 17\nreveal\n", "flow.txt");
  REQUIRE(script.ok());
  ScriptRunner runner(std::move(*script));
  REQUIRE(runner.run_all(state, port) == ScriptRunner::Outcome::kFinished);
  CHECK(state.step == 100);
  CHECK(e.weights_at(state.step)->step == 100);
  CHECK(head_name(state.selected_layer, state.selected_head) == "L2H4");  // the strongest induction score
  const auto path = folder.dir / "state.json";
  REQUIRE(write_state_dump(path, state, port).ok());
  std::ifstream in(path);
  const auto j = nlohmann::json::parse(in);
  CHECK(j["pulled_heads"] == nlohmann::json::array({"L2H4"}));
  CHECK(j["selected_position"] == 17);
  // The dumped P(top) is the ablated model's at step 100, not the intact one's.
  const std::vector<int> ids = read_ids(state);
  const Activations ablated = forward(*e.weights_at(state.step), ids, state.pulled);
  const auto& top = j["top5"][0];
  const int id = char_to_id(top["char"].get<std::string>()[0]);
  CHECK(top["p"].get<double>() == Approx(ablated.probs[16 * kVocab + id]));
  if (nonsense_accuracy_available()) {
    REQUIRE(j["nonsense_accuracy"].is_number());
    const double with_pull = j["nonsense_accuracy"].get<double>();
    CHECK(with_pull >= 0.0);
    CHECK(with_pull <= 1.0);
    CHECK(*e.nonsense_accuracy(state.step, state.pulled) == with_pull);  // deterministic
  } else {
    CHECK(j["nonsense_accuracy"].is_null());
  }
}

TEST_CASE("the shipped weights folder loads", "[engine]") {
  auto engine = ModelEngine::load(std::filesystem::path(AM_SOURCE_DIR) / "weights");
  REQUIRE(engine.ok());
  CHECK(!(*engine)->checkpoint_steps().empty());
}

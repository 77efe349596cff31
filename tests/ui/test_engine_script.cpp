// A script replayed over the real engine (through the session's EnginePort) on a temporary
// run folder, and the state dumped.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "../engine/weights_folder.hpp"
#include "am/engine/model_engine.hpp"
#include "am/engine/nonsense_accuracy.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/ui/engine_port.hpp"
#include "am/ui/state_dump.hpp"

using namespace am;
using namespace am::ui;
using namespace am::engine;
using am::engine_test::WeightsFolder;
using Catch::Matchers::Contains;

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

TEST_CASE("screenshots are the window's: the engine's own port refuses them, the app's takes them", "[engine]") {
  WeightsFolder folder(true);
  auto engine = ModelEngine::load(folder.dir);
  REQUIRE(engine.ok());
  ModelEngine& e = **engine;
  // Screenshots are the window's: the engine's own port refuses them, the app's takes them.
  EnginePort port(e);
  CHECK_THAT(port.screenshot("x.png").error(), Contains("need the window"));
  struct WindowPort : EnginePort {
    using EnginePort::EnginePort;
    Status screenshot(const std::filesystem::path&) override { return Ok{}; }
  } window_port(e);
  CHECK(window_port.screenshot("x.png").ok());
}

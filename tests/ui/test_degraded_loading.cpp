// Degrade, don't refuse, through the engine the app runs on: copies of the shipped folder
// with one file broken still load, the broken part is left out of the drum and the curves,
// and the reason reaches load_messages() (the app's status line and dialog show it).
#include <catch2/catch.hpp>

#include <algorithm>

#include "../model/shipped_copy.hpp"
#include "am/model/forward.hpp"
#include "am/ui/chapters.hpp"
#include "am/engine/model_engine.hpp"
#include "am/ui/engine_port.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;
using namespace am::engine;
using am::test::ShippedCopy;
using Catch::Matchers::Contains;

namespace {

bool contains_step(const std::vector<std::int64_t>& steps, std::int64_t step) {
  return std::find(steps.begin(), steps.end(), step) != steps.end();
}

// Every chapter still writes its text on what was loaded.
void every_chapter_renders(ModelEngine& engine) {
  AppState state;
  set_text(state, "the queen. the qu");
  state.step = engine.checkpoint_steps().back();
  const Activations acts = am::forward(*engine.weights_at(state.step), read_ids(state));
  for (const Chapter& ch : all_chapters()) {
    ChapterContext c = EnginePort(engine).chapter_context(state);
    c.acts = &acts;
    c.intact = &acts;
    INFO("chapter " << ch.number);
    const std::string s = am::ui::test::render_chapter(ch, c);
    CHECK(!ch.body(c).empty());
    CHECK(s.find("nan") == std::string::npos);
  }
}

}  // namespace

TEST_CASE("one truncated checkpoint among the shipped ones is left out of the drum and the curves", "[engine][degrade]") {
  const ShippedCopy copy;
  auto full = ModelEngine::load(am::test::shipped_weights_dir());
  REQUIRE(full);
  copy.truncate("step_004000.safetensors", 17336);
  auto engine = ModelEngine::load(copy.dir());
  REQUIRE(engine);
  const auto steps = (*engine)->checkpoint_steps();
  CHECK(steps.size() == (*full)->checkpoint_steps().size() - 1);
  CHECK_FALSE(contains_step(steps, 4000));
  CHECK(contains_step(steps, 4250));
  // The curves: the same checkpoints as the drum, with the manifest's figures kept.
  const TrainingRecord& t = (*engine)->training();
  CHECK(t.steps() == steps);
  CHECK(t.has_accuracy() == (*full)->training().has_accuracy());
  REQUIRE((*engine)->load_messages().size() == 1);
  CHECK((*engine)->load_messages()[0] == "step 4,000: truncated, 17,336 of 56,996 bytes \u2014 left out");
  CHECK((*engine)->analysis() != nullptr);
  CHECK((*engine)->checkpoint_index(4250));
  CHECK_FALSE((*engine)->checkpoint_index(4000));
  every_chapter_renders(**engine);
}

TEST_CASE("a malformed manifest: checkpoints from file names, no curves, with a message", "[engine][degrade]") {
  const ShippedCopy copy;
  copy.scratch.write("manifest.json", "[1, 2");
  auto engine = ModelEngine::load(copy.dir());
  REQUIRE(engine);
  const auto steps = (*engine)->checkpoint_steps();
  CHECK(steps.front() == 0);
  CHECK(steps.back() == 9000);
  CHECK((*engine)->training().steps() == steps);
  CHECK_FALSE((*engine)->training().has_accuracy());
  REQUIRE((*engine)->load_messages().size() == 1);
  CHECK_THAT((*engine)->load_messages()[0], Contains("found from their file names"));
  every_chapter_renders(**engine);
}

TEST_CASE("a manifest that parses but lacks the training record still gives the drum", "[engine][degrade]") {
  const ShippedCopy copy;
  // load_manifest accepts it; the training record wants integer steps everywhere it looks.
  copy.scratch.write("manifest.json", R"({"checkpoints":[{"step":0,"file":"step_000000.safetensors"},
                                          {"step":9000,"file":"step_009000.safetensors"}]})");
  auto engine = ModelEngine::load(copy.dir());
  REQUIRE(engine);
  CHECK((*engine)->checkpoint_steps() == std::vector<std::int64_t>{0, 9000});
  CHECK((*engine)->training().steps() == std::vector<std::int64_t>{0, 9000});
}

TEST_CASE("a malformed analysis.json: live-only sentences, with a message", "[engine][degrade]") {
  const ShippedCopy copy;
  copy.scratch.write("analysis.json", "{\"version\": 1, \"nonsense\": {\"accuracy\": \"high\"");
  auto engine = ModelEngine::load(copy.dir());
  REQUIRE(engine);
  CHECK((*engine)->analysis() == nullptr);
  CHECK_FALSE((*engine)->analysis_message().empty());
  REQUIRE((*engine)->load_messages().size() == 1);
  CHECK_THAT((*engine)->load_messages()[0], Contains("live figures only"));
  every_chapter_renders(**engine);
}

TEST_CASE("only a folder with no usable checkpoint is refused", "[engine][degrade]") {
  const ShippedCopy copy;
  for (const auto& e : std::filesystem::directory_iterator(copy.dir()))
    if (e.path().extension() == ".safetensors") std::filesystem::resize_file(e.path(), 3000);
  auto engine = ModelEngine::load(copy.dir());
  REQUIRE_FALSE(engine);
  CHECK_THAT(engine.error(), Contains("no usable checkpoint"));
  CHECK_THAT(engine.error(), Contains("step 4,000: truncated, 3,000 of 56,996 bytes"));
}

// The circuit stored beside both shipped runs is what the final weights give now:
// K-composition, prefix matching and copying re-measured from each run's last checkpoint.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "am/analysis/analysis_json.hpp"
#include "am/analysis/model_passes.hpp"
#include "am/model/runs_index.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/weights_dir.hpp"

using namespace am;
using namespace am::analysis;

TEST_CASE("both shipped runs: the stored circuit matches the final weights", "[shipped]") {
  auto runs = list_runs(std::filesystem::path(AM_SOURCE_DIR) / "weights");
  REQUIRE(runs);
  REQUIRE(runs->size() == 2);
  for (const RunInfo& r : *runs) {
    INFO("run " << r.name);
    std::ifstream in(r.dir / "analysis.json");
    std::stringstream text;
    text << in.rdbuf();
    const Json doc = Json::parse(text.str());
    REQUIRE(doc.contains("circuit"));
    const Json& c = doc["circuit"];
    auto manifest = load_manifest(r.dir);
    REQUIRE(manifest);
    auto w = load_weights(r.dir / manifest->final_checkpoint().file);
    REQUIRE(w);
    const KComposition k = k_composition(*w);
    CHECK(c["k_composition"]["baseline"].get<double>() == Approx(k.baseline).margin(1e-9));
    for (int a = 0; a < kHeads; ++a)
      for (int b = 0; b < kHeads; ++b)
        CHECK(c["k_composition"]["score"][head_name(0, a)][head_name(1, b)].get<double>() ==
              Approx(k.score(a, b)).margin(1e-9));
    const PerHead<double> prefix = prefix_matching(*w, standard_repeated_random(), 2);
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h) {
        const Json& head = c["heads"][head_name(l, h)];
        CHECK(head["prefix_matching"].get<double>() == Approx(prefix[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]).margin(1e-6));
        CHECK(head["copying"].get<double>() == Approx(copying_score(*w, l, h)).margin(1e-9));
      }
  }
}

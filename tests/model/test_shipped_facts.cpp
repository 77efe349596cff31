// The app reads the shipped runs with the analysis's own rules: the roles and the sudden
// change it finds from manifest.json and analysis.json are the ones analysis.json states.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "am/model/analysis_summary.hpp"
#include "am/model/curve_search.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/head_role.hpp"
#include "am/model/manifest.hpp"
#include "am/model/training_record.hpp"

using namespace am;

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("both shipped runs: role_of and the curve searches give analysis.json's facts", "[shipped]") {
  for (const char* run : {"repeated", "plain"}) {
    INFO(run);
    const auto dir = std::filesystem::path(AM_SOURCE_DIR) / "weights" / run;
    const std::string analysis_text = read_text(dir / "analysis.json");
    const auto summary = parse_analysis_summary(analysis_text);
    REQUIRE(summary.ok());
    const auto manifest_text = read_manifest_text(dir);
    REQUIRE(manifest_text.ok());
    const auto record = parse_training_record(*manifest_text);
    REQUIRE(record.ok());
    const nlohmann::json facts = nlohmann::json::parse(analysis_text)["facts"];

    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h) {
        const HeadScores& s = summary->heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
        CHECK(role_name(role_of(s, summary->role_thresholds)) ==
              facts["roles"][head_name(l, h)].get<std::string>());
      }

    const nlohmann::json& phase = facts["phase_change"];
    const auto p = find_phase_change(*record, summary->phase_thresholds);
    REQUIRE(p.has_value() == phase["found"].get<bool>());
    if (!p) continue;
    CHECK(p->before_step == phase["before"]["step"].get<std::int64_t>());
    // The manifest keeps the accuracy to four decimals; analysis.json keeps it whole.
    CHECK(p->before_accuracy == Approx(phase["before"]["accuracy"].get<double>()).margin(5e-5));
    CHECK(p->after_step == phase["after"]["step"].get<std::int64_t>());
    CHECK(p->after_accuracy == Approx(phase["after"]["accuracy"].get<double>()).margin(5e-5));
    const auto [from, to] = bump_window(*p);
    CHECK(from == phase["bump_window"][0].get<std::int64_t>());
    CHECK(to == phase["bump_window"][1].get<std::int64_t>());
    const auto bump = find_loss_bump(*record, from, to);
    REQUIRE(bump.has_value() == !phase["train_loss_bump"].is_null());
    if (!bump) continue;
    CHECK(bump->size == phase["train_loss_bump"]["size"].get<double>());
    CHECK(bump->trough_step == phase["train_loss_bump"]["trough_step"].get<std::int64_t>());
    CHECK(bump->peak_step == phase["train_loss_bump"]["peak_step"].get<std::int64_t>());
    CHECK(bump->peak == phase["train_loss_bump"]["peak"].get<double>());
  }
}

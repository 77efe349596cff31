// analysis.json's "circuit" block (docs/analysis_schema.md, "circuit").
#include "am/analysis/analysis_json.hpp"
#include "am/model/head_mask.hpp"

namespace am::analysis {

namespace {

Json detect_json(const std::array<double, kDetectPatterns>& d) {
  Json j = Json::object();
  for (int p = 0; p < kDetectPatterns; ++p) j[detect_pattern_name(static_cast<DetectPattern>(p))] = d[static_cast<std::size_t>(p)];
  return j;
}

Json pick_name(const HeadPick& p) { return p.valid() ? Json(p.name()) : Json(nullptr); }

}  // namespace

Json circuit_json(const CircuitAnalysis& c, const CircuitThresholds& t) {
  Json heads = Json::object();
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const auto L = static_cast<std::size_t>(l), H = static_cast<std::size_t>(h);
      Json profile = Json::array();
      for (double v : c.offset_profile[L][H]) profile.push_back(v);
      heads[head_name(l, h)] = Json{{"detect_novel", detect_json(c.detect[L][H].novel)},
                                    {"detect_nonsense", detect_json(c.detect[L][H].nonsense)},
                                    {"prefix_matching", c.prefix_matching[L][H]},
                                    {"copying", c.copying[L][H]},
                                    {"offset_profile", profile}};
    }
  Json raw = Json::object(), score = Json::object();
  for (int a = 0; a < kHeads; ++a) {
    Json r = Json::object(), s = Json::object();
    for (int b = 0; b < kHeads; ++b) {
      r[head_name(1, b)] = c.k_composition.raw[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
      s[head_name(1, b)] = c.k_composition.score(a, b);
    }
    raw[head_name(0, a)] = r;
    score[head_name(0, a)] = s;
  }
  Json pairs = Json::array();
  for (const PairAblation& p : c.pairs)
    pairs.push_back(Json{{"pulled", p.result.pulled.to_string()},
                         {"accuracy", p.result.accuracy.overall.rate()},
                         {"drop", p.result.drop}});
  const CopyPath& path = c.copy_path;
  return Json{
      {"heads", heads},
      {"offset_profile_bins", Json{"0", "-1", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "beyond"}},
      {"k_composition", Json{{"baseline", c.k_composition.baseline}, {"raw", raw}, {"score", score}}},
      {"pair_ablations", pairs},
      {"copy_path", Json{{"found", path.found},
                         {"from", pick_name(path.from_l1)},
                         {"from_drop", path.from_l1.value},
                         {"to", pick_name(path.to_l2)},
                         {"to_prefix_matching", path.to_l2.value},
                         {"k_composition", path.k_composition},
                         {"k_top_source", pick_name(path.k_top_source)},
                         {"k_top_score", path.k_top_source.value},
                         {"k_agrees", path.k_agrees},
                         {"pair_drop", path.pair_drop},
                         {"min_prefix_matching", t.min_prefix_matching},
                         {"min_drop", t.min_drop}}},
      {"false_copy", Json{{"rate", c.false_copy.rate()},
                          {"confident", c.false_copy.confident},
                          {"wrong", c.false_copy.wrong},
                          {"threshold", 0.5}}}};
}

}  // namespace am::analysis

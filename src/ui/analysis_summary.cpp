#include "am/ui/analysis_summary.hpp"

#include <nlohmann/json.hpp>

#include "json_fields.hpp"

namespace am::ui {
namespace jf = json_fields;
namespace {

// "pulled" as a list of names or one comma-separated string.
std::optional<HeadMask> parse_pulled(const nlohmann::json& value) {
  std::string joined;
  if (value.is_string()) {
    joined = value.get<std::string>();
  } else if (value.is_array()) {
    for (const auto& v : value) {
      if (!v.is_string()) return std::nullopt;
      joined += (joined.empty() ? "" : ",") + v.get<std::string>();
    }
  } else {
    return std::nullopt;
  }
  auto mask = HeadMask::parse(joined);
  if (!mask) return std::nullopt;
  return *mask;
}

void read_scores(const nlohmann::json& h, HeadScoreSet& s) {
  s.previous = jf::number(h, {"previous", "previous_char", "prev"}).value_or(0.0);
  s.two_back = jf::number(h, {"two_back"}).value_or(0.0);
  s.self = jf::number(h, {"self"}).value_or(0.0);
  s.space = jf::number(h, {"space"}).value_or(0.0);
  s.space_share = jf::number(h, {"space_share"}).value_or(0.0);
  s.induction = jf::number(h, {"induction"}).value_or(0.0);
  s.duplicate = jf::number(h, {"duplicate"}).value_or(0.0);
}

}  // namespace

std::optional<double> AnalysisSummary::accuracy_with(const HeadMask& pulled) const {
  if (!pulled.any()) return accuracy;
  for (const auto& row : ablations)
    if (row.pulled == pulled) return row.accuracy;
  return std::nullopt;
}

Result<AnalysisSummary> parse_analysis_summary(std::string_view json_text) {
  const nlohmann::json j = nlohmann::json::parse(json_text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return fail("analysis.json is not a JSON object");
  AnalysisSummary a;
  a.step = jf::integer(j, {"step", "checkpoint_step"}).value_or(0);

  const nlohmann::json* nonsense = jf::member(j, {"nonsense", "copy_accuracy"});
  const nlohmann::json& ns = nonsense ? *nonsense : j;
  const auto accuracy = jf::number(ns, {"accuracy", "overall"});
  if (!accuracy) return fail("analysis.json has no overall repeated-nonsense accuracy");
  a.accuracy = *accuracy;
  if (auto n = jf::integer(ns, {"sequences", "count"})) a.sequences = static_cast<int>(*n);
  if (const nlohmann::json* by = jf::member(ns, {"by_words"}); by && by->is_array())
    for (const auto& row : *by)
      if (auto w = jf::integer(row, {"words"}); w)
        if (auto acc = jf::number(row, {"accuracy"}); acc) a.accuracy_by_words.emplace_back(static_cast<int>(*w), *acc);

  const nlohmann::json* heads = jf::member(j, {"heads", "head_scores"});
  if (!heads) return fail("analysis.json has no head scores");
  int seen = 0;
  auto take = [&](const std::string& name, const nlohmann::json& h) {
    auto ref = parse_head_name(name);
    if (!ref) return;
    read_scores(h, a.heads[static_cast<std::size_t>((*ref)[0])][static_cast<std::size_t>((*ref)[1])]);
    ++seen;
  };
  if (heads->is_array()) {
    for (const auto& h : *heads)
      if (auto name = jf::string(h, {"head", "name"})) take(*name, h);
  } else if (heads->is_object()) {
    for (auto it = heads->begin(); it != heads->end(); ++it) take(it.key(), it.value());
  }
  if (seen != kLayers * kHeads) return fail("analysis.json: expected scores for all eight heads");

  if (const nlohmann::json* abl = jf::member(j, {"ablation", "ablations"}); abl && abl->is_array())
    for (const auto& row : *abl) {
      const nlohmann::json* p = jf::member(row, {"pulled", "heads"});
      const auto acc = jf::number(row, {"accuracy"});
      if (!p || !acc) continue;
      if (auto mask = parse_pulled(*p)) a.ablations.push_back({*mask, *acc});
    }

  if (const nlohmann::json* d = jf::member(j, {"demo", "copy_demo"})) {
    auto text = jf::string(*d, {"text"});
    auto next = jf::string(*d, {"next", "expected"});
    auto p = jf::number(*d, {"p", "probability"});
    if (text && next && p) a.demo = CopyDemo{*text, *next, *p};
  }
  a.bits_per_char = jf::number(j, {"bits_per_char"});
  a.bigram_bits_per_char = jf::number(j, {"bigram_bits_per_char"});
  return a;
}

}  // namespace am::ui

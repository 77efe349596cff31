#include "am/model/analysis_summary.hpp"

#include <nlohmann/json.hpp>

#include "json_fields.hpp"

namespace am {
namespace jf = json_fields;
namespace {

// "pulled" as one comma-separated string (the schema) or a list of names.
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

void read_definitions(const nlohmann::json& d, AnalysisSummary& a) {
  if (const nlohmann::json* r = jf::member(d, {"role_thresholds"})) {
    RoleThresholds& t = a.role_thresholds;
    t.induction = jf::number(*r, {"induction"}).value_or(t.induction);
    t.previous = jf::number(*r, {"previous"}).value_or(t.previous);
    t.two_back = jf::number(*r, {"two_back"}).value_or(t.two_back);
    t.duplicate = jf::number(*r, {"duplicate"}).value_or(t.duplicate);
    t.spaces = jf::number(*r, {"spaces"}).value_or(t.spaces);
    t.spaces_over_share = jf::number(*r, {"spaces_over_share"}).value_or(t.spaces_over_share);
    t.self = jf::number(*r, {"self"}).value_or(t.self);
  }
  if (const nlohmann::json* p = jf::member(d, {"phase_thresholds"})) {
    a.phase_thresholds.low = jf::number(*p, {"low"}).value_or(a.phase_thresholds.low);
    a.phase_thresholds.high = jf::number(*p, {"high"}).value_or(a.phase_thresholds.high);
  }
}

int head_index(const nlohmann::json& object, const char* key, int layer) {
  const auto name = jf::string(object, {key});
  if (!name) return -1;
  auto ref = parse_head_name(*name);
  return ref && (*ref)[0] == layer ? (*ref)[1] : -1;
}

std::optional<CircuitSummary> read_circuit(const nlohmann::json& c) {
  const nlohmann::json* heads = jf::member(c, {"heads"});
  if (!heads) return std::nullopt;
  CircuitSummary s;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const nlohmann::json* e = jf::member(*heads, {head_name(l, h).c_str()});
      if (!e) return std::nullopt;
      CircuitHead& out = s.heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
      if (const nlohmann::json* d = jf::member(*e, {"detect_novel"})) {
        out.previous_token = jf::number(*d, {"previous"}).value_or(0.0);
        out.duplicate_token = jf::number(*d, {"duplicate"}).value_or(0.0);
        out.induction_novel = jf::number(*d, {"induction"}).value_or(0.0);
      }
      if (const nlohmann::json* d = jf::member(*e, {"detect_nonsense"}))
        out.induction_nonsense = jf::number(*d, {"induction"}).value_or(0.0);
      out.prefix_matching = jf::number(*e, {"prefix_matching"}).value_or(0.0);
      out.copying = jf::number(*e, {"copying"}).value_or(0.0);
      if (const nlohmann::json* p = jf::member(*e, {"offset_profile"}); p && p->is_array())
        for (std::size_t b = 0; b < out.offset_profile.size() && b < p->size(); ++b)
          if ((*p)[b].is_number()) out.offset_profile[b] = (*p)[b].get<double>();
    }
  if (const nlohmann::json* k = jf::member(c, {"k_composition"})) {
    s.k_baseline = jf::number(*k, {"baseline"}).value_or(0.0);
    if (const nlohmann::json* score = jf::member(*k, {"score"}))
      for (int a = 0; a < kHeads; ++a)
        if (const nlohmann::json* row = jf::member(*score, {head_name(0, a).c_str()}))
          for (int b = 0; b < kHeads; ++b)
            s.k_score[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
                jf::number(*row, {head_name(1, b).c_str()}).value_or(0.0);
  }
  if (const nlohmann::json* p = jf::member(c, {"copy_path"})) {
    CopyPathSummary& cp = s.copy_path;
    cp.found = p->contains("found") && (*p)["found"].is_boolean() && (*p)["found"].get<bool>();
    cp.from_head = head_index(*p, "from", 0);
    cp.to_head = head_index(*p, "to", kLayers - 1);
    cp.k_top_source = head_index(*p, "k_top_source", 0);
    cp.from_drop = jf::number(*p, {"from_drop"}).value_or(0.0);
    cp.to_prefix_matching = jf::number(*p, {"to_prefix_matching"}).value_or(0.0);
    cp.k_composition = jf::number(*p, {"k_composition"}).value_or(0.0);
    cp.k_agrees = p->contains("k_agrees") && (*p)["k_agrees"].is_boolean() && (*p)["k_agrees"].get<bool>();
    cp.pair_drop = jf::number(*p, {"pair_drop"}).value_or(0.0);
    cp.min_prefix_matching = jf::number(*p, {"min_prefix_matching"}).value_or(cp.min_prefix_matching);
    cp.min_drop = jf::number(*p, {"min_drop"}).value_or(cp.min_drop);
    if (cp.from_head < 0 || cp.to_head < 0) cp.found = false;
  }
  if (const nlohmann::json* f = jf::member(c, {"false_copy"})) {
    s.false_copy_rate = jf::number(*f, {"rate"}).value_or(0.0);
    s.false_copy_confident = jf::integer(*f, {"confident"}).value_or(0);
    s.false_copy_wrong = jf::integer(*f, {"wrong"}).value_or(0);
    s.false_copy_threshold = jf::number(*f, {"threshold"}).value_or(s.false_copy_threshold);
  }
  return s;
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
  if (const auto version = jf::integer(j, {"version"}); version && *version != kAnalysisVersion)
    return fail("analysis.json has schema version " + std::to_string(*version) + "; this app reads version " +
                std::to_string(kAnalysisVersion) + " (run attention-analyze again)");
  AnalysisSummary a;
  a.step = jf::integer(j, {"step"}).value_or(0);

  const nlohmann::json* nonsense = jf::member(j, {"nonsense"});
  const auto accuracy = nonsense ? jf::number(*nonsense, {"accuracy"}) : std::nullopt;
  if (!accuracy) return fail("analysis.json has no overall repeated-nonsense accuracy (nonsense.accuracy)");
  a.accuracy = *accuracy;
  if (auto n = jf::integer(*nonsense, {"sequences"})) a.sequences = static_cast<int>(*n);
  if (const nlohmann::json* by = jf::member(*nonsense, {"by_words"}); by && by->is_array())
    for (const auto& row : *by)
      if (auto w = jf::integer(row, {"words"}); w)
        if (auto acc = jf::number(row, {"accuracy"}); acc)
          a.accuracy_by_words.emplace_back(static_cast<int>(*w), *acc);

  const nlohmann::json* heads = jf::member(j, {"head_scores"});
  const auto table = heads ? head_table_from_json(*heads) : std::nullopt;
  if (!table) return fail("analysis.json: head_scores must hold all eight heads, L1H1 to L2H4");
  a.heads = *table;

  if (const nlohmann::json* abl = jf::member(j, {"ablations"}); abl && abl->is_array())
    for (const auto& row : *abl) {
      const nlohmann::json* p = jf::member(row, {"pulled"});
      const auto acc = jf::number(row, {"accuracy"});
      if (!p || !acc) continue;
      if (auto mask = parse_pulled(*p)) a.ablations.push_back({*mask, *acc});
    }

  if (const nlohmann::json* d = jf::member(j, {"demo"})) {
    auto text = jf::string(*d, {"text"});
    auto expected = jf::string(*d, {"expected"});
    auto p = jf::number(*d, {"p"});
    if (text && expected && !expected->empty() && p) a.demo = CopyDemo{*text, *expected, *p};
  }
  a.bits_per_char = jf::number(j, {"bits_per_char"});
  a.bigram_bits_per_char = jf::number(j, {"bigram_bits_per_char"});
  if (const nlohmann::json* books = jf::member(j, {"bits_per_char_by_book"}); books && books->is_array())
    for (const auto& b : *books)
      if (auto name = jf::string(b, {"name"}))
        a.books.push_back({*name, jf::string(b, {"title"}).value_or(*name)});
  if (const nlohmann::json* d = jf::member(j, {"definitions"})) read_definitions(*d, a);
  if (const nlohmann::json* c = jf::member(j, {"circuit"})) a.circuit = read_circuit(*c);
  return a;
}

}  // namespace am

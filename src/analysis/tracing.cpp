#include "am/analysis/tracing.hpp"

#include <cctype>

#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"

namespace am::analysis {

namespace {

Json components_json(const Attribution& a) {
  Json out = Json::object();
  for (int i = 0; i < kAttributionParts; ++i)
    out[attribution_part_name(i)] = a.parts[static_cast<std::size_t>(i)];
  return out;
}

Json by_head(const std::array<std::vector<double>, kHeadCount>& rows) {
  Json out = Json::object();
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) out[head_name(l, h)] = rows[static_cast<std::size_t>(l * kHeads + h)];
  return out;
}

void run_patching(const Weights& weights, std::span<const int> ids, const HeadMask& pulled,
                  const Corruption& c, Tracing& t) {
  std::vector<int> corrupted = c.ids;
  if (c.kind == Corruption::Kind::kAuto) {
    auto suggested = suggest_corruption(ids);
    if (!suggested) {
      t.patching_error = suggested.error();
      return;
    }
    corrupted = std::move(*suggested);
  }
  auto runs = patching_runs(weights, ids, corrupted, pulled);
  if (!runs) {
    t.patching_error = runs.error();
    return;
  }
  t.patched = true;
  t.clean_ids.assign(ids.begin(), ids.end());
  t.corrupted_ids = std::move(corrupted);
  t.clean_favourite = runs->clean_favourite;
  t.corrupted_favourite = runs->corrupted_favourite;
  t.clean_metric = runs->clean_metric;
  t.corrupted_metric = runs->corrupted_metric;
  t.map = patching_map(weights, pulled, *runs);
}

}  // namespace

Result<int> parse_target_character(std::string_view text) {
  if (text.empty() || text == "top") return -1;
  if (text == "space") return char_to_id(' ');
  if (text.size() == 1) {
    const int id = char_to_id(static_cast<char>(std::tolower(static_cast<unsigned char>(text[0]))));
    if (id >= 0) return id;
  }
  return fail(
      "'" + std::string(text) +
      "' is not a character the model knows: give one of a-z . , ' or 'space', or 'top' for its favourite");
}

Tracing trace(const Weights& weights, const Activations& acts, std::span<const int> all_ids,
              const HeadMask& pulled, int target, const Corruption& corruption) {
  Tracing t;
  const std::span<const int> ids = context_window(all_ids);
  const int last = acts.length() - 1;
  if (last < 0) return t;
  if (target < 0 || target >= kVocab) target = favourite(acts, last);
  t.attribution = attribute(weights, acts, pulled, target);
  t.versus = attribute_difference(weights, acts, pulled, target, best_other(acts, last, target));
  if (corruption.kind != Corruption::Kind::kNone) run_patching(weights, ids, pulled, corruption, t);
  return t;
}

Json attribution_json(const Tracing& t) {
  const Attribution& a = t.attribution;
  if (a.target < 0) return nullptr;
  Json j;
  j["target"] = id_to_string(a.target);
  j["logit"] = a.logit;
  j["components"] = components_json(a);
  j["by_source"] = by_head(a.by_source);
  j["place"] = a.place + 1;  // one-based, as the learner counts
  Json v;
  v["runner_up"] = id_to_string(t.versus.versus);
  v["logit"] = t.versus.logit;
  v["components"] = components_json(t.versus);
  j["versus_runner_up"] = v;
  return j;
}

Json patching_json(const Tracing& t) {
  if (!t.patched) return t.patching_error.empty() ? Json(nullptr) : Json{{"error", t.patching_error}};
  Json j;
  j["clean"] = decode(t.clean_ids);
  j["corrupted"] = decode(t.corrupted_ids);
  j["metric"] = {{"clean_favourite", id_to_string(t.clean_favourite)},
                 {"corrupted_favourite", id_to_string(t.corrupted_favourite)},
                 {"clean", t.clean_metric},
                 {"corrupted", t.corrupted_metric}};
  j["heads"] = by_head(t.map.heads);
  Json resid = Json::object();
  for (int l = 0; l < kLayers; ++l)
    resid["L" + std::to_string(l + 1)] = t.map.resid[static_cast<std::size_t>(l)];
  j["resid"] = resid;
  return j;
}

}  // namespace am::analysis

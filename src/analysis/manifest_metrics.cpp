#include "am/analysis/manifest_metrics.hpp"

#include <cmath>

#include "am/model/head_mask.hpp"
#include "am/model/manifest.hpp"
#include "am/model/safetensors.hpp"

namespace am::analysis {

namespace {

// Four decimals resolve one prediction in the nonsense set (1/3574) and keep the
// manifest small; a loss keeps six, as the trainer writes it.
double rounded4(double x) { return std::round(x * 1e4) / 1e4; }
double rounded6(double x) { return std::round(x * 1e6) / 1e6; }

std::string words_key(int index) { return std::to_string(index + kNonsenseMinWords); }

std::optional<double> number_at(const Json& obj, const std::string& key) {
  if (!obj.is_object() || !obj.contains(key) || !obj[key].is_number()) return std::nullopt;
  return obj[key].get<double>();
}

bool written_by_analysis(const Json& entry) {
  return entry.contains("val_loss_source") && entry["val_loss_source"] == kAnalysisValLossSource;
}

std::optional<double> train_loss_of(const Json& entry) {
  for (const char* key : kTrainLossKeys)
    if (auto v = number_at(entry, key)) return v;
  return std::nullopt;
}

Json head_scores_json(const HeadScores& s) {
  return Json{{"previous", rounded4(s.previous)},       {"two_back", rounded4(s.two_back)},
              {"self", rounded4(s.self)},               {"space", rounded4(s.space)},
              {"space_share", rounded4(s.space_share)}, {"entropy", rounded4(s.entropy)},
              {"induction", rounded4(s.induction)},     {"duplicate", rounded4(s.duplicate)}};
}

HeadScores head_scores_from(const Json& j) {
  HeadScores s;
  s.previous = number_at(j, "previous").value_or(0.0);
  s.two_back = number_at(j, "two_back").value_or(0.0);
  s.self = number_at(j, "self").value_or(0.0);
  s.space = number_at(j, "space").value_or(0.0);
  s.space_share = number_at(j, "space_share").value_or(0.0);
  s.entropy = number_at(j, "entropy").value_or(0.0);
  s.induction = number_at(j, "induction").value_or(0.0);
  s.duplicate = number_at(j, "duplicate").value_or(0.0);
  return s;
}

Json per_head_json(const PerHead<double>& v) {
  Json j = Json::object();
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) j[head_name(l, h)] = rounded4(v[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]);
  return j;
}

std::optional<PerHead<double>> per_head_from(const Json& entry, const char* key) {
  if (!entry.contains(key) || !entry[key].is_object()) return std::nullopt;
  PerHead<double> v{};
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      v[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] = number_at(entry[key], head_name(l, h)).value_or(0.0);
  return v;
}

}  // namespace

CheckpointRecord make_record(std::int64_t step, const std::string& file, const CheckpointMetrics& m,
                             const Json& entry) {
  CheckpointRecord r;
  r.step = step;
  r.file = file;
  r.accuracy = m.accuracy.overall.rate();
  for (int w = 0; w < kNonsenseWordCounts; ++w)
    r.accuracy_by_words[static_cast<std::size_t>(w)] = m.accuracy.by_words[static_cast<std::size_t>(w)].rate();
  for (int c = 0; c < kCharClasses; ++c)
    r.accuracy_by_next_class[static_cast<std::size_t>(c)] = m.accuracy.by_next_class[static_cast<std::size_t>(c)].rate();
  r.heads = m.heads;
  if (number_at(entry, "val_loss") && !written_by_analysis(entry)) {
    r.val_loss = number_at(entry, "val_loss");
    r.val_loss_source = "manifest";
  } else if (m.heldout_loss.predicted > 0) {
    r.val_loss = m.heldout_loss.nats_per_char();
    r.val_loss_source = "analysis";
  }
  r.train_loss_smoothed = train_loss_of(entry);
  r.prefix_matching = m.prefix_matching;
  PerHead<double> previous{};
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      previous[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] =
          m.detect[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].novel[static_cast<std::size_t>(DetectPattern::kPrevious)];
  r.previous_token = previous;
  return r;
}

std::optional<CheckpointRecord> record_from_manifest_entry(const Json& entry) {
  if (!entry.is_object() || !entry.contains("analysis_version") || entry["analysis_version"] != kAnalysisSchemaVersion)
    return std::nullopt;
  const auto accuracy = number_at(entry, "nonsense_accuracy");
  if (!accuracy || !entry.contains("step") || !entry["step"].is_number_integer()) return std::nullopt;
  CheckpointRecord r;
  r.step = entry["step"].get<std::int64_t>();
  if (entry.contains("file") && entry["file"].is_string()) r.file = entry["file"].get<std::string>();
  r.accuracy = *accuracy;
  if (entry.contains("nonsense_accuracy_by_words"))
    for (int w = 0; w < kNonsenseWordCounts; ++w)
      r.accuracy_by_words[static_cast<std::size_t>(w)] =
          number_at(entry["nonsense_accuracy_by_words"], words_key(w)).value_or(0.0);
  if (entry.contains("nonsense_accuracy_by_next_class"))
    for (int c = 0; c < kCharClasses; ++c)
      r.accuracy_by_next_class[static_cast<std::size_t>(c)] =
          number_at(entry["nonsense_accuracy_by_next_class"], char_class_name(static_cast<CharClass>(c))).value_or(0.0);
  if (entry.contains("head_scores") && entry["head_scores"].is_object())
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h)
        if (const std::string name = head_name(l, h); entry["head_scores"].contains(name))
          r.heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] = head_scores_from(entry["head_scores"][name]);
  r.val_loss = number_at(entry, "val_loss");
  if (r.val_loss) r.val_loss_source = written_by_analysis(entry) ? "analysis" : "manifest";
  r.train_loss_smoothed = train_loss_of(entry);
  r.prefix_matching = per_head_from(entry, "prefix_matching");
  r.previous_token = per_head_from(entry, "previous_token");
  return r;
}

Json head_table_json(const HeadTable& heads) {
  Json j = Json::object();
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      j[head_name(l, h)] = head_scores_json(heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]);
  return j;
}

void write_metrics_into(Json& entry, const CheckpointRecord& r) {
  entry["analysis_version"] = kAnalysisSchemaVersion;
  entry["nonsense_accuracy"] = rounded4(r.accuracy);
  Json by_words = Json::object();
  for (int w = 0; w < kNonsenseWordCounts; ++w)
    by_words[words_key(w)] = rounded4(r.accuracy_by_words[static_cast<std::size_t>(w)]);
  entry["nonsense_accuracy_by_words"] = by_words;
  Json by_class = Json::object();
  for (int c = 0; c < kCharClasses; ++c)
    by_class[char_class_name(static_cast<CharClass>(c))] = rounded4(r.accuracy_by_next_class[static_cast<std::size_t>(c)]);
  entry["nonsense_accuracy_by_next_class"] = by_class;
  entry["head_scores"] = head_table_json(r.heads);
  if (r.prefix_matching) entry["prefix_matching"] = per_head_json(*r.prefix_matching);
  if (r.previous_token) entry["previous_token"] = per_head_json(*r.previous_token);
  if (r.val_loss && r.val_loss_source == "analysis") {
    entry["val_loss"] = rounded6(*r.val_loss);
    entry["val_loss_source"] = kAnalysisValLossSource;
  }
}

Status write_text_atomically(const std::filesystem::path& path, const std::string& text) {
  return write_file_atomically(
      path, std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

Status update_manifest(const std::filesystem::path& weights_dir, const std::vector<CheckpointRecord>& records,
                       const ManifestFormatter& format) {
  const std::filesystem::path path = weights_dir / "manifest.json";
  const auto text = read_manifest_text(weights_dir);
  if (!text) return fail(text.error());
  // Parsed here, not by read_manifest: rewriting must keep every key, in order.
  Json doc = Json::parse(*text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("checkpoints") || !doc["checkpoints"].is_array())
    return fail(path.string() + ": not a manifest (needs a \"checkpoints\" array)");
  for (const CheckpointRecord& r : records) {
    bool matched = false;
    for (Json& entry : doc["checkpoints"])
      if (entry.is_object() && entry.contains("step") && entry["step"] == r.step) {
        write_metrics_into(entry, r);
        matched = true;
      }
    if (!matched)
      return fail(path.string() + ": no checkpoint with step " + std::to_string(r.step) +
                  " any more (was the manifest rewritten while analysing?)");
  }
  return write_text_atomically(path, format ? format(doc) : doc.dump(2) + "\n");
}

}  // namespace am::analysis

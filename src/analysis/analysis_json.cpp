#include "am/analysis/analysis_json.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <sstream>

#include "am/model/alphabet.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/safetensors.hpp"

namespace am::analysis {

namespace {

// Six decimals are plenty for a rate or a score and keep the manifest small.
double rounded(double x) { return std::round(x * 1e6) / 1e6; }

std::string words_key(int index) { return std::to_string(index + kNonsenseMinWords); }

Json tally_json(const Tally& t) { return Json{{"rate", t.rate()}, {"correct", t.correct}, {"total", t.total}}; }

std::optional<double> number_at(const Json& obj, const char* key) {
  if (!obj.is_object() || !obj.contains(key) || !obj[key].is_number()) return std::nullopt;
  return obj[key].get<double>();
}

Json head_scores_json(const HeadScores& s) {
  return Json{{"previous", rounded(s.previous)},   {"two_back", rounded(s.two_back)},
              {"self", rounded(s.self)},           {"space", rounded(s.space)},
              {"space_share", rounded(s.space_share)}, {"entropy", rounded(s.entropy)},
              {"induction", rounded(s.induction)}, {"duplicate", rounded(s.duplicate)}};
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

std::optional<double> train_loss_of(const Json& entry) {
  for (const char* key : kTrainLossKeys)
    if (auto v = number_at(entry, key)) return v;
  return std::nullopt;
}

Json pick_json(const HeadPick& p, const char* value_name) {
  if (!p.valid()) return nullptr;
  return Json{{"head", p.name()}, {value_name, p.value}};
}

Json bump_json(const std::optional<LossBump>& b) {
  if (!b) return nullptr;
  return Json{{"size", b->size},           {"trough_step", b->trough_step}, {"trough", b->trough},
              {"peak_step", b->peak_step}, {"peak", b->peak}};
}

Json text_loss_json(const TextComparison& c) {
  return Json{{"name", c.name},
              {"title", c.title},
              {"characters", c.model.predicted},
              {"model_bits_per_char", c.model.bits_per_char()},
              {"bigram_bits_per_char", c.bigram.bits_per_char()}};
}

Json ablation_json(const AblationResult& r) {
  Json by_words = Json::object();
  for (int w = 0; w < kNonsenseWordCounts; ++w)
    by_words[words_key(w)] = r.accuracy.by_words[static_cast<std::size_t>(w)].rate();
  return Json{{"pulled", r.pulled.to_string()},
              {"accuracy", r.accuracy.overall.rate()},
              {"drop", r.drop},
              {"by_words", by_words}};
}

Json prompt_json(const PromptPrediction& p) {
  Json probs = Json::object();
  std::vector<int> order(kVocab);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return p.probs[static_cast<std::size_t>(a)] > p.probs[static_cast<std::size_t>(b)];
  });
  for (int v = 0; v < kVocab; ++v) probs[id_to_string(v)] = p.probs[static_cast<std::size_t>(v)];
  Json top = Json::array();
  for (int r = 0; r < 5; ++r)
    top.push_back(Json{{"char", id_to_string(order[static_cast<std::size_t>(r)])},
                       {"p", p.probs[static_cast<std::size_t>(order[static_cast<std::size_t>(r)])]}});
  Json j{{"prompt", p.prompt}, {"expected", p.expected}};
  const int expected_id = p.expected.empty() ? -1 : char_to_id(p.expected[0]);
  j["p_expected"] = expected_id >= 0 ? Json(p.probs[static_cast<std::size_t>(expected_id)]) : Json(nullptr);
  j["top5"] = top;
  j["probs"] = probs;
  return j;
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
  const bool trainer_val = number_at(entry, "val_loss") &&
                           !(entry.contains("val_loss_source") && entry["val_loss_source"] == kAnalysisValLossSource);
  if (trainer_val) {
    r.val_loss = number_at(entry, "val_loss");
    r.val_loss_source = "manifest";
  } else if (m.heldout_loss.predicted > 0) {
    r.val_loss = m.heldout_loss.nats_per_char();
    r.val_loss_source = "analysis";
  }
  r.train_loss_smoothed = train_loss_of(entry);
  return r;
}

std::optional<CheckpointRecord> record_from_manifest_entry(const Json& entry) {
  if (!entry.is_object() || !entry.contains("analysis_version") || entry["analysis_version"] != kAnalysisSchemaVersion)
    return std::nullopt;
  const auto accuracy = number_at(entry, "nonsense_accuracy");
  const auto step = entry.contains("step") && entry["step"].is_number_integer()
                        ? std::optional<std::int64_t>(entry["step"].get<std::int64_t>())
                        : std::nullopt;
  if (!accuracy || !step) return std::nullopt;
  CheckpointRecord r;
  r.step = *step;
  if (entry.contains("file") && entry["file"].is_string()) r.file = entry["file"].get<std::string>();
  r.accuracy = *accuracy;
  if (entry.contains("nonsense_accuracy_by_words"))
    for (int w = 0; w < kNonsenseWordCounts; ++w)
      r.accuracy_by_words[static_cast<std::size_t>(w)] =
          number_at(entry["nonsense_accuracy_by_words"], words_key(w).c_str()).value_or(0.0);
  if (entry.contains("nonsense_accuracy_by_next_class"))
    for (int c = 0; c < kCharClasses; ++c)
      r.accuracy_by_next_class[static_cast<std::size_t>(c)] =
          number_at(entry["nonsense_accuracy_by_next_class"], char_class_name(static_cast<CharClass>(c))).value_or(0.0);
  if (entry.contains("head_scores") && entry["head_scores"].is_object())
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h) {
        const std::string name = head_name(l, h);
        if (entry["head_scores"].contains(name))
          r.heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] = head_scores_from(entry["head_scores"][name]);
      }
  r.val_loss = number_at(entry, "val_loss");
  if (r.val_loss)
    r.val_loss_source = entry.contains("val_loss_source") && entry["val_loss_source"] == kAnalysisValLossSource
                            ? "analysis"
                            : "manifest";
  r.train_loss_smoothed = train_loss_of(entry);
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
  entry["nonsense_accuracy"] = rounded(r.accuracy);
  Json by_words = Json::object();
  for (int w = 0; w < kNonsenseWordCounts; ++w) by_words[words_key(w)] = rounded(r.accuracy_by_words[static_cast<std::size_t>(w)]);
  entry["nonsense_accuracy_by_words"] = by_words;
  Json by_class = Json::object();
  for (int c = 0; c < kCharClasses; ++c)
    by_class[char_class_name(static_cast<CharClass>(c))] = rounded(r.accuracy_by_next_class[static_cast<std::size_t>(c)]);
  entry["nonsense_accuracy_by_next_class"] = by_class;
  entry["head_scores"] = head_table_json(r.heads);
  if (r.val_loss && r.val_loss_source == "analysis") {
    entry["val_loss"] = rounded(*r.val_loss);
    entry["val_loss_source"] = kAnalysisValLossSource;
  }
}

Json accuracy_json(const CopyAccuracy& a) {
  Json by_words = Json::object(), by_next = Json::object(), by_current = Json::object();
  for (int w = 0; w < kNonsenseWordCounts; ++w) by_words[words_key(w)] = tally_json(a.by_words[static_cast<std::size_t>(w)]);
  for (int c = 0; c < kCharClasses; ++c) {
    const char* name = char_class_name(static_cast<CharClass>(c));
    by_next[name] = tally_json(a.by_next_class[static_cast<std::size_t>(c)]);
    by_current[name] = tally_json(a.by_current_class[static_cast<std::size_t>(c)]);
  }
  return Json{{"overall", tally_json(a.overall)},
              {"by_words", by_words},
              {"by_next_class", by_next},
              {"by_current_class", by_current}};
}

Json analysis_json(const AnalysisInputs& in) {
  Json doc;
  doc["version"] = kAnalysisSchemaVersion;
  doc["generator"] = "attention-analyze";

  Json defs;
  if (in.set) {
    std::int64_t scored = 0;
    for (const auto& s : in.set->sequences) scored += s.end_scored() - s.first_scored();
    Json examples = Json::array();
    for (std::size_t i = 0; i < in.set->sequences.size(); i += kNonsensePerWordCount)
      examples.push_back(in.set->sequences[i].text);
    defs["nonsense_set"] = Json{{"seed", in.set->seed},
                                {"sequences", in.set->sequences.size()},
                                {"per_word_count", kNonsensePerWordCount},
                                {"words", {kNonsenseMinWords, kNonsenseMaxWords}},
                                {"word_length", {kNonsenseMinWordLength, kNonsenseMaxWordLength}},
                                {"max_half_length", kNonsenseMaxHalfLength},
                                {"scored_predictions", scored},
                                {"examples", examples}};
  }
  if (in.windows) {
    Json books = Json::object();
    for (const auto& w : *in.windows) {
      const std::string name = w.book < static_cast<int>(in.book_names.size())
                                   ? in.book_names[static_cast<std::size_t>(w.book)]
                                   : std::to_string(w.book);
      books[name] = books.value(name, 0) + 1;
    }
    defs["heldout_windows"] = Json{{"seed", kHeldoutSeed},
                                   {"count", in.windows->size()},
                                   {"characters", kContext + 1},
                                   {"windows_per_book", books}};
  }
  defs["char_classes"] = Json{{"rare", "qxzjkv"}, {"common", "etaoinsh"}, {"other", "the other letters"}, {"space", " "}};
  defs["role_thresholds"] = Json{{"induction", in.roles.induction}, {"previous", in.roles.previous},
                                 {"two_back", in.roles.two_back},   {"duplicate", in.roles.duplicate},
                                 {"spaces", in.roles.spaces},       {"spaces_over_share", in.roles.spaces_over_share},
                                 {"self", in.roles.self}};
  defs["phase_thresholds"] = Json{{"low", in.phase.low}, {"high", in.phase.high}};
  doc["definitions"] = defs;

  Json checkpoints = Json::array();
  for (const CheckpointRecord& r : in.series) {
    Json e{{"step", r.step}, {"file", r.file}};
    write_metrics_into(e, r);
    e.erase("analysis_version");
    e.erase("val_loss_source");
    e["val_loss"] = r.val_loss ? Json(*r.val_loss) : Json(nullptr);
    e["val_loss_source"] = r.val_loss_source.empty() ? Json(nullptr) : Json(r.val_loss_source);
    e["train_loss_smoothed"] = r.train_loss_smoothed ? Json(*r.train_loss_smoothed) : Json(nullptr);
    checkpoints.push_back(std::move(e));
  }
  doc["checkpoints"] = checkpoints;

  if (in.final && in.final_record) {
    const FinalAnalysis& f = *in.final;
    Json fin{{"step", f.step}, {"file", in.final_record->file}};
    fin["accuracy"] = accuracy_json(f.accuracy);
    fin["head_scores"] = head_table_json(in.final_record->heads);
    Json ablations = Json::array();
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h) ablations.push_back(ablation_json(f.single[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]));
    fin["ablations"] = ablations;
    fin["induction_pair_ablation"] = f.induction_pair ? ablation_json(*f.induction_pair) : Json(nullptr);
    Json prompts = Json::array();
    for (const auto& p : f.prompts) prompts.push_back(prompt_json(p));
    fin["prompts"] = prompts;
    Json texts = Json::array();
    for (const auto& t : f.texts) texts.push_back(text_loss_json(t));
    fin["bits_per_char"] = texts;
    doc["final"] = fin;
  } else {
    doc["final"] = nullptr;
  }

  if (in.facts) {
    const ChapterFacts& f = *in.facts;
    Json facts;
    facts["previous_l1"] = pick_json(f.previous_l1, "score");
    facts["two_back_l1"] = pick_json(f.two_back_l1, "score");
    facts["induction_l2"] = pick_json(f.induction_l2, "score");
    facts["induction_l2_second"] = pick_json(f.induction_l2_second, "score");
    Json reads = pick_json(f.reads_from, "drop");
    if (!reads.is_null()) {
      reads["rule"] = "the layer-1 head whose removal costs the most accuracy";
      reads["is_previous_l1"] = f.reads_from_is_previous_l1;
    }
    facts["reads_from"] = reads;
    facts["costliest"] = pick_json(f.costliest, "drop");
    facts["least_costly"] = pick_json(f.least_costly, "drop");
    Json roles = Json::object();
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h) roles[head_name(l, h)] = f.roles[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
    facts["roles"] = roles;
    const PhaseChange& p = f.phase;
    Json phase{{"found", p.found}};
    if (p.found) {
      phase["before"] = Json{{"step", p.before_step}, {"accuracy", p.before_accuracy}};
      phase["after"] = Json{{"step", p.after_step}, {"accuracy", p.after_accuracy}};
      phase["steps_between"] = p.after_step - p.before_step;
      phase["bump_window"] = Json{p.window_start, p.window_end};
      phase["train_loss_bump"] = bump_json(p.train_loss_bump);
      phase["val_loss_bump"] = bump_json(p.val_loss_bump);
    }
    facts["phase_change"] = phase;
    doc["facts"] = facts;
  } else {
    doc["facts"] = nullptr;
  }
  return doc;
}

Status write_json_atomically(const std::filesystem::path& path, const Json& doc) {
  const std::string text = doc.dump(2) + "\n";
  return write_file_atomically(path, std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

Status update_manifest(const std::filesystem::path& weights_dir, const std::vector<CheckpointRecord>& records,
                       const ManifestFormatter& format) {
  const std::filesystem::path path = weights_dir / "manifest.json";
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot open " + path.string());
  std::stringstream buffer;
  buffer << in.rdbuf();
  Json doc = Json::parse(buffer.str(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("checkpoints") || !doc["checkpoints"].is_array())
    return fail(path.string() + ": not a manifest (needs a \"checkpoints\" array)");
  for (const CheckpointRecord& r : records) {
    bool matched = false;
    for (Json& entry : doc["checkpoints"])
      if (entry.is_object() && entry.contains("step") && entry["step"] == r.step) {
        write_metrics_into(entry, r);
        matched = true;
      }
    if (!matched) return fail(path.string() + ": no checkpoint with step " + std::to_string(r.step) + " (did it change?)");
  }
  const std::string text = format ? format(doc) : doc.dump(2) + "\n";
  return write_file_atomically(path, std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

}  // namespace am::analysis

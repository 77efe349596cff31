#include "am/analysis/analysis_json.hpp"

#include <algorithm>
#include <numeric>

#include "am/model/alphabet.hpp"
#include "am/model/head_mask.hpp"

namespace am::analysis {

namespace {

Json tally_fields(Json j, const Tally& t) {
  j["accuracy"] = t.rate();
  j["correct"] = t.correct;
  j["total"] = t.total;
  return j;
}

Json by_words_json(const CopyAccuracy& a) {
  Json rows = Json::array();
  for (int w = 0; w < kNonsenseWordCounts; ++w)
    rows.push_back(tally_fields(Json{{"words", w + kNonsenseMinWords}}, a.by_words[static_cast<std::size_t>(w)]));
  return rows;
}

Json by_class_json(const std::array<Tally, kCharClasses>& tallies) {
  Json rows = Json::array();
  for (int c = 0; c < kCharClasses; ++c)
    rows.push_back(tally_fields(Json{{"class", char_class_name(static_cast<CharClass>(c))}},
                                tallies[static_cast<std::size_t>(c)]));
  return rows;
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

Json ablation_json(const AblationResult& r, const char* kind) {
  Json j{{"pulled", r.pulled.to_string()}, {"kind", kind}, {"accuracy", r.accuracy.overall.rate()}, {"drop", r.drop}};
  j["by_words"] = by_words_json(r.accuracy);
  return j;
}

Json prompt_json(const PromptPrediction& p) {
  std::vector<int> order(kVocab);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return p.probs[static_cast<std::size_t>(a)] > p.probs[static_cast<std::size_t>(b)];
  });
  Json top = Json::array();
  for (int r = 0; r < 5; ++r) {
    const int id = order[static_cast<std::size_t>(r)];
    top.push_back(Json{{"char", id_to_string(id)}, {"p", p.probs[static_cast<std::size_t>(id)]}});
  }
  Json probs = Json::object();
  for (int v = 0; v < kVocab; ++v) probs[id_to_string(v)] = p.probs[static_cast<std::size_t>(v)];
  const int expected = p.expected.empty() ? -1 : char_to_id(p.expected[0]);
  return Json{{"text", p.prompt},
              {"expected", p.expected},
              {"p", expected >= 0 ? Json(p.probs[static_cast<std::size_t>(expected)]) : Json(nullptr)},
              {"top5", top},
              {"probs", probs}};
}

Json facts_json(const ChapterFacts& f) {
  Json facts;
  facts["previous_l1"] = pick_json(f.previous_l1, "score");
  facts["two_back_l1"] = pick_json(f.two_back_l1, "score");
  facts["induction_l2"] = pick_json(f.induction_l2, "score");
  facts["induction_l2_second"] = pick_json(f.induction_l2_second, "score");
  Json reads = pick_json(f.reads_from, "drop");
  if (!reads.is_null()) reads["is_previous_l1"] = f.reads_from_is_previous_l1;
  facts["reads_from"] = reads;
  facts["costliest"] = pick_json(f.costliest, "drop");
  facts["least_costly"] = pick_json(f.least_costly, "drop");
  Json roles = Json::object();
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) roles[head_name(l, h)] = f.roles[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
  facts["roles"] = roles;
  const PhaseFacts& p = f.phase;
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
  return facts;
}

Json series_entry(const CheckpointRecord& r) {
  // Compact on purpose: the head scores of every checkpoint are in the manifest.
  Json e{{"step", r.step}, {"nonsense_accuracy", r.accuracy}};
  Json by_words = Json::array();
  for (double rate : r.accuracy_by_words) by_words.push_back(rate);
  e["nonsense_accuracy_by_words"] = by_words;  // 2, 3, 4, 5, 6 words
  e["val_loss"] = r.val_loss ? Json(*r.val_loss) : Json(nullptr);
  e["val_loss_source"] = r.val_loss_source.empty() ? Json(nullptr) : Json(r.val_loss_source);
  e["train_loss_smoothed"] = r.train_loss_smoothed ? Json(*r.train_loss_smoothed) : Json(nullptr);
  return e;
}

Json definitions_json(const AnalysisInputs& in) {
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
  defs["char_classes"] = Json{{"rare", "qxzjkv"}, {"common", "etaoinsh"}, {"other", "the other 12 letters"}, {"space", " "}};
  defs["role_thresholds"] = Json{{"induction", in.roles.induction}, {"previous", in.roles.previous},
                                 {"two_back", in.roles.two_back},   {"duplicate", in.roles.duplicate},
                                 {"spaces", in.roles.spaces},       {"spaces_over_share", in.roles.spaces_over_share},
                                 {"self", in.roles.self}};
  defs["phase_thresholds"] = Json{{"low", in.phase.low}, {"high", in.phase.high}};
  defs["fact_rules"] = Json{
      {"previous_l1", "layer-1 head with the highest previous-character score"},
      {"two_back_l1", "layer-1 head with the highest two-back score"},
      {"induction_l2", "layer-2 head with the highest induction score"},
      {"induction_l2_second", "layer-2 head with the second-highest induction score"},
      {"reads_from", "layer-1 head whose removal costs the most accuracy"},
      {"costliest", "head whose removal costs the most accuracy"},
      {"least_costly", "head whose removal costs the least accuracy"},
      {"roles", "first role whose threshold the head's scores meet, in the order of role_thresholds; else mixed"},
      {"phase_change", "after: first checkpoint with accuracy >= high; before: last checkpoint before it with "
                       "accuracy <= low; bumps: largest rise of a loss above its lowest point so far, over the "
                       "checkpoints from before.step to after.step + (after.step - before.step)"}};
  return defs;
}

}  // namespace

Json accuracy_json(const CopyAccuracy& a) {
  Json j = tally_fields(Json::object(), a.overall);
  j["by_words"] = by_words_json(a);
  j["by_next_class"] = by_class_json(a.by_next_class);
  j["by_current_class"] = by_class_json(a.by_current_class);
  return j;
}

Json analysis_json(const AnalysisInputs& in) {
  Json doc;
  doc["version"] = kAnalysisSchemaVersion;
  doc["generator"] = "attention-analyze";
  if (in.final && in.final_record) {
    const FinalAnalysis& f = *in.final;
    doc["step"] = f.step;
    doc["file"] = in.final_record->file;
    Json nonsense = accuracy_json(f.accuracy);
    if (in.set) nonsense["sequences"] = in.set->sequences.size();
    doc["nonsense"] = nonsense;
    doc["head_scores"] = head_table_json(in.final_record->heads);
    Json ablations = Json::array();
    for (const auto& layer : f.single)
      for (const auto& r : layer) ablations.push_back(ablation_json(r, "single"));
    if (f.induction_pair) ablations.push_back(ablation_json(*f.induction_pair, "induction pair"));
    doc["ablations"] = ablations;
    Json prompts = Json::array();
    for (const auto& p : f.prompts) prompts.push_back(prompt_json(p));
    doc["demo"] = prompts.empty() ? Json(nullptr) : prompts[0];
    doc["prompts"] = prompts;
    Json books = Json::array();
    for (const TextComparison& t : f.texts) {
      if (t.name == "overall") {
        doc["bits_per_char"] = t.model.bits_per_char();
        doc["bigram_bits_per_char"] = t.bigram.bits_per_char();
        doc["heldout_characters"] = t.model.predicted;
      } else {
        books.push_back(Json{{"name", t.name},
                             {"title", t.title},
                             {"characters", t.model.predicted},
                             {"bits_per_char", t.model.bits_per_char()},
                             {"bigram_bits_per_char", t.bigram.bits_per_char()}});
      }
    }
    doc["bits_per_char_by_book"] = books;
  }
  doc["facts"] = in.facts ? facts_json(*in.facts) : Json(nullptr);
  if (in.circuit) doc["circuit"] = circuit_json(*in.circuit, in.circuit_thresholds);
  Json series = Json::array();
  for (const CheckpointRecord& r : in.series) series.push_back(series_entry(r));
  doc["checkpoints"] = series;
  doc["definitions"] = definitions_json(in);
  return doc;
}

std::string format_analysis_json(const Json& doc) {
  std::string out = "{\n";
  bool first = true;
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    out += first ? "" : ",\n";
    first = false;
    out += "  " + Json(it.key()).dump() + ": ";
    if (it.key() == "checkpoints" && it.value().is_array()) {
      out += "[";
      for (std::size_t i = 0; i < it.value().size(); ++i) out += (i ? ",\n    " : "\n    ") + it.value()[i].dump();
      out += it.value().empty() ? "]" : "\n  ]";
    } else {
      // indent the nested block under its key
      for (char c : it.value().dump(2)) {
        out += c;
        if (c == '\n') out += "  ";
      }
    }
  }
  return out + "\n}\n";
}

}  // namespace am::analysis

// The measured analysis of the shipped model (weights/analysis.json), as the
// chapters need it: head scores, the ablation table, the phase change and the
// copying demo. Chapters that cannot find a figure here say so.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "am/core/result.hpp"
#include "am/model/config.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/head_scores.hpp"
#include "am/model/thresholds.hpp"

namespace am {

// A head's scores are am::HeadScores and the eight of them an am::HeadTable
// (am/model/head_scores.hpp): the analysis writes them, the UI reads and measures them live.

struct AblationRow {
  HeadMask pulled;
  double accuracy = 0.0;  // repeated nonsense, right the second time (0..1)
};

struct CopyDemo {
  std::string text;      // e.g. the chapter 7 nonsense
  std::string expected;  // the character that followed last time
  double probability = 0.0;
};

// The field's scores of one head (analysis.json "circuit", docs/analysis_schema.md §1.8).
struct CircuitHead {
  double previous_token = 0.0;   // detect_head "previous", novel text
  double duplicate_token = 0.0;  // detect_head "duplicate", novel text
  double induction_novel = 0.0;  // detect_head "induction", novel text
  double induction_nonsense = 0.0;
  double prefix_matching = 0.0;             // Olsson et al., random tokens repeated
  double copying = 0.0;                     // OV circuit through the unembedding, -1 .. 1
  std::array<double, 10> offset_profile{};  // offsets 0, -1, ..., -8, then further back
};

// The copy path the model uses, named by measurement.
struct CopyPathSummary {
  bool found = false;
  int from_head = -1;  // zero-based layer-1 head whose removal costs most
  double from_drop = 0.0;
  int to_head = -1;  // zero-based layer-2 head with the highest prefix matching
  double to_prefix_matching = 0.0;
  double k_composition = 0.0;  // from -> to, minus the random baseline
  int k_top_source = -1;       // layer-1 head with the highest K-composition into `to`
  bool k_agrees = false;
  double pair_drop = 0.0;  // both pulled together
  double min_prefix_matching = 0.4;
  double min_drop = 0.1;
};

struct CircuitSummary {
  std::array<std::array<CircuitHead, kHeads>, kLayers> heads{};
  double k_baseline = 0.0;
  std::array<std::array<double, kHeads>, kHeads> k_score{};  // [layer-1 head][layer-2 head]
  CopyPathSummary copy_path;
  double false_copy_rate = 0.0;
  std::int64_t false_copy_confident = 0;
  std::int64_t false_copy_wrong = 0;
  double false_copy_threshold = 0.5;  // "confident" = at least this on the copy guess
};

struct AnalysisSummary {
  std::int64_t step = 0;                                  // the checkpoint analysed
  std::optional<int> sequences;                           // size of the repeated-nonsense set
  double accuracy = 0.0;                                  // all heads in place
  std::vector<std::pair<int, double>> accuracy_by_words;  // (words per copy, accuracy)
  HeadTable heads{};
  std::vector<AblationRow> ablations;  // single heads, and any combinations measured
  std::optional<CopyDemo> demo;
  std::optional<double> bits_per_char;         // held-out novel text
  std::optional<double> bigram_bits_per_char;  // a bigram model on the same text
  struct Book {
    std::string name;   // file name without extension
    std::string title;  // the book's title; equal to name when the analysis found none
  };
  std::vector<Book> books;         // the novels whose held-out text was read
  RoleThresholds role_thresholds;  // as stated in the file (defaults otherwise)
  PhaseThresholds phase_thresholds;
  std::optional<CircuitSummary> circuit;  // absent in files written before it

  // Accuracy with exactly these heads pulled, if the table has that row.
  std::optional<double> accuracy_with(const HeadMask& pulled) const;
};

// The schema version this reader understands (analysis.json "version").
inline constexpr int kAnalysisVersion = 1;

// Parses analysis.json (schema: docs/analysis_schema.md). Unknown fields are ignored;
// a file of another schema version is refused (its numbers may mean something else).
Result<AnalysisSummary> parse_analysis_summary(std::string_view json_text);

}  // namespace am

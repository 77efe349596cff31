// weights/analysis.json: the final checkpoint's studies at the top level (what the
// chapters quote), the facts derived from them, a compact per-checkpoint series, and
// the definitions behind every number. docs/analysis_schema.md documents every key.
#pragma once

#include <string>
#include <vector>

#include "am/analysis/chapter_facts.hpp"
#include "am/analysis/checkpoint_analysis.hpp"
#include "am/analysis/circuit_analysis.hpp"
#include "am/analysis/manifest_metrics.hpp"

namespace am::analysis {

struct AnalysisInputs {
  const NonsenseSet* set = nullptr;
  const std::vector<HeldoutWindow>* windows = nullptr;
  std::vector<std::string> book_names;    // index = HeldoutWindow::book
  std::vector<CheckpointRecord> series;   // every checkpoint with metrics, by step
  const CheckpointRecord* final_record = nullptr;
  const FinalAnalysis* final = nullptr;
  const ChapterFacts* facts = nullptr;
  RoleThresholds roles;
  PhaseThresholds phase;
  const CircuitAnalysis* circuit = nullptr;  // the "circuit" block; null leaves it out
  CircuitThresholds circuit_thresholds;
};
Json analysis_json(const AnalysisInputs& in);

// The "circuit" block alone.
Json circuit_json(const CircuitAnalysis& c, const CircuitThresholds& t = {});

// The breakdown of a CopyAccuracy: {"accuracy", "correct", "total", "by_words": [...],
// "by_next_class": [...], "by_current_class": [...]}.
Json accuracy_json(const CopyAccuracy& a);

// Readable and compact: two-space indentation, but one line per checkpoint of the series.
std::string format_analysis_json(const Json& doc);

}  // namespace am::analysis

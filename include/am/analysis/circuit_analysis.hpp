// The final checkpoint's circuit, measured with the field's scores: every head's
// detect_head, prefix-matching, copying and offset-profile scores, K-composition of
// every layer-1 head into every layer-2 head, the pair-ablation table, the copy path the
// model uses, and the false-copy rate on held-out novel text.
#pragma once

#include <vector>

#include "am/analysis/chapter_facts.hpp"
#include "am/analysis/checkpoint_analysis.hpp"
#include "am/analysis/circuit_scores.hpp"

namespace am::analysis {

// One layer-1 head and one layer-2 head pulled together.
struct PairAblation {
  int from_l1 = 0;  // zero-based heads
  int to_l2 = 0;
  AblationResult result;
};

// "The head the induction heads build on": the layer-1 head whose ablation costs the most
// copy accuracy, feeding the strongest induction head (highest prefix matching in layer
// 2). Found only if that head's prefix matching >= min_prefix_matching and the layer-1
// drop >= min_drop; the cross-check is the K-composition of the pair, and whether the
// same layer-1 head is the top K-composition source into that induction head.
struct CircuitThresholds {
  double min_prefix_matching = 0.4;
  double min_drop = 0.10;
};
struct CopyPath {
  bool found = false;
  HeadPick from_l1;        // value: accuracy drop when pulled alone
  HeadPick to_l2;          // value: prefix matching
  HeadPick k_top_source;   // layer-1 head with the highest K-composition into to_l2 (value: score)
  double k_composition = 0.0;  // from_l1 -> to_l2, minus the random baseline
  bool k_agrees = false;       // k_top_source == from_l1
  double pair_drop = 0.0;      // from_l1 and to_l2 pulled together
};

struct CircuitAnalysis {
  PerHead<DetectScores> detect{};
  PerHead<std::array<double, kProfileBins>> offset_profile{};
  PerHead<double> prefix_matching{};
  PerHead<double> copying{};
  KComposition k_composition;
  std::vector<PairAblation> pairs;  // every layer-1 × layer-2 pair, layer-1 head major
  CopyPath copy_path;
  FalseCopyTally false_copy;        // over every held-out book
};

// `final_metrics` is the final checkpoint's per-checkpoint measurement, `final` its
// single ablations; the pairs are measured here.
CircuitAnalysis analyse_circuit(const Weights& weights, const CheckpointMetrics& final_metrics,
                                const FinalAnalysis& final, const NonsenseSet& set,
                                const std::vector<HeldoutBook>& books, int threads,
                                const CircuitThresholds& t = {});

// The copy path from measured tables (separate so tests can feed known numbers).
CopyPath find_copy_path(const PerHead<double>& prefix_matching, const FinalAnalysis& final,
                        const KComposition& k, const std::vector<PairAblation>& pairs,
                        const CircuitThresholds& t = {});

}  // namespace am::analysis

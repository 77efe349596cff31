// Runs the final checkpoint's circuit studies (the cheap per-head scores come from the
// per-checkpoint measurement).
#include "am/analysis/circuit_analysis.hpp"

namespace am::analysis {

CircuitAnalysis analyse_circuit(const Weights& weights, const CheckpointMetrics& m, const FinalAnalysis& final,
                                const NonsenseSet& set, const std::vector<HeldoutBook>& books, int threads,
                                const CircuitThresholds& t) {
  CircuitAnalysis c;
  c.detect = m.detect;
  c.offset_profile = m.offset_profile;
  c.prefix_matching = m.prefix_matching;
  c.copying = copying_scores(weights);
  c.k_composition = k_composition(weights);
  const double base = final.accuracy.overall.rate();
  for (int a = 0; a < kHeads; ++a)
    for (int b = 0; b < kHeads; ++b) {
      PairAblation p;
      p.from_l1 = a;
      p.to_l2 = b;
      p.result.pulled.pulled[0][static_cast<std::size_t>(a)] = true;
      p.result.pulled.pulled[kLayers - 1][static_cast<std::size_t>(b)] = true;
      p.result.accuracy = nonsense_accuracy(weights, set, p.result.pulled, threads);
      p.result.drop = base - p.result.accuracy.overall.rate();
      c.pairs.push_back(std::move(p));
    }
  c.copy_path = find_copy_path(c.prefix_matching, final, c.k_composition, c.pairs, t);
  for (const HeldoutBook& b : books) c.false_copy.merge(false_copies(weights, b.ids, threads));
  return c;
}

}  // namespace am::analysis

// Naming the head the induction heads build on by measurement: the ablation decides,
// K-composition cross-checks.
#include "am/analysis/circuit_analysis.hpp"

namespace am::analysis {

CopyPath find_copy_path(const PerHead<double>& prefix_matching, const FinalAnalysis& final,
                        const KComposition& k, const std::vector<PairAblation>& pairs,
                        const CircuitThresholds& t) {
  CopyPath p;
  const std::size_t L2 = kLayers - 1;
  for (int h = 0; h < kHeads; ++h)
    if (!p.to_l2.valid() || prefix_matching[L2][static_cast<std::size_t>(h)] > p.to_l2.value)
      p.to_l2 = {kLayers - 1, h, prefix_matching[L2][static_cast<std::size_t>(h)]};
  for (int h = 0; h < kHeads; ++h) {
    const double drop = final.single[0][static_cast<std::size_t>(h)].drop;
    if (!p.from_l1.valid() || drop > p.from_l1.value) p.from_l1 = {0, h, drop};
  }
  for (int h = 0; h < kHeads; ++h) {
    const double s = k.score(h, p.to_l2.head);
    if (!p.k_top_source.valid() || s > p.k_top_source.value) p.k_top_source = {0, h, s};
  }
  p.k_composition = k.score(p.from_l1.head, p.to_l2.head);
  p.k_agrees = p.k_top_source.head == p.from_l1.head;
  for (const PairAblation& pair : pairs)
    if (pair.from_l1 == p.from_l1.head && pair.to_l2 == p.to_l2.head) p.pair_drop = pair.result.drop;
  p.found = p.to_l2.value >= t.min_prefix_matching && p.from_l1.value >= t.min_drop;
  return p;
}

}  // namespace am::analysis

// Over-copying on ordinary text: how often a confident "what came next last time" guess
// is wrong.
#include "am/analysis/circuit_scores.hpp"

namespace am::analysis {

// ids: T + 1 ids; probs: [T, kVocab], row i = the prediction of ids[i + 1].
void count_false_copies(std::span<const int> ids, int T, const float* probs, FalseCopyTally& into,
                        double threshold) {
  for (int i = 1; i < T; ++i) {
    const int current = ids[static_cast<std::size_t>(i)];
    int earlier = -1;
    for (int j = i - 1; j >= 0; --j)
      if (ids[static_cast<std::size_t>(j)] == current) {
        earlier = j;
        break;
      }
    if (earlier < 0) continue;
    const int guess = ids[static_cast<std::size_t>(earlier + 1)];
    if (probs[i * kVocab + guess] < threshold) continue;
    ++into.confident;
    if (ids[static_cast<std::size_t>(i + 1)] != guess) ++into.wrong;
  }
}

}  // namespace am::analysis

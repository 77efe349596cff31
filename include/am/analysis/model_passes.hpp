// The analysis passes that run the model: each batches many independent forward
// passes (am::forward, the same pass the app draws, so every number agrees with what
// the machine shows) over threads, and combines per-item results in item order, so the
// numbers never depend on the thread count.
#pragma once

#include <array>
#include <span>
#include <string_view>
#include <vector>

#include "am/analysis/circuit_scores.hpp"
#include "am/analysis/copy_accuracy.hpp"
#include "am/analysis/head_metrics.hpp"
#include "am/analysis/heldout_windows.hpp"
#include "am/analysis/nonsense_set.hpp"
#include "am/model/activations.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"

namespace am::analysis {

// One head's attention weights in a forward pass: [T, T], row i = query i.
inline const float* head_weights(const Activations& a, int layer, int head) {
  return a.layers[static_cast<std::size_t>(layer)].weights + head * a.length() * a.length();
}

// "Right the second time" over the whole set, with some heads pulled. This is what the
// app re-runs live when a user pulls heads.
CopyAccuracy nonsense_accuracy(const Weights& weights, const NonsenseSet& set, const HeadMask& pulled = {},
                               int threads = 1);

// detect_head scores (one MeanAccumulator per pattern, one sample per sequence).
using DetectAccumulators = PerHead<std::array<MeanAccumulator, kDetectPatterns>>;
void merge(DetectAccumulators& into, const DetectAccumulators& from);
PerHead<std::array<double, kDetectPatterns>> means_of(const DetectAccumulators& a);

struct NonsensePass {
  CopyAccuracy accuracy;
  HeadAccumulatorTable heads{};  // induction and duplicate sums
  DetectAccumulators detect{};   // detect_head on the nonsense set
};
NonsensePass analyse_nonsense(const Weights& weights, const NonsenseSet& set, const HeadMask& pulled,
                              int threads);

struct TextLoss {
  double nats = 0.0;          // Σ -ln p(true next character)
  std::int64_t predicted = 0; // characters predicted
  double nats_per_char() const { return predicted > 0 ? nats / static_cast<double>(predicted) : 0.0; }
  double bits_per_char() const;
  void merge(const TextLoss& o) { nats += o.nats; predicted += o.predicted; }
};

struct WindowsPass {
  HeadAccumulatorTable heads{};  // previous, two-back, self, space, entropy sums
  TextLoss loss;                 // over every prediction inside the windows
  DetectAccumulators detect{};   // detect_head on novel text
  PerHead<OffsetProfileAccumulator> profile{};
};
WindowsPass analyse_windows(const Weights& weights, const std::vector<HeldoutWindow>& windows, int threads);

// Cross-entropy of the model over a whole text, read in consecutive windows of kContext
// characters (positions restart at 0 in each, as when the model was trained), each
// predicting its successors: every character but the first is predicted exactly once.
TextLoss text_loss(const Weights& weights, std::span<const int> ids, int threads);

// Prefix matching of every head, the mean over the repeated random sequences.
PerHead<double> prefix_matching(const Weights& weights, const RepeatedRandom& set, int threads);
// The repeated random set every checkpoint is scored on (built once, thread-safe).
const RepeatedRandom& standard_repeated_random();

// False copies over a whole text, read in consecutive windows as text_loss() does.
FalseCopyTally false_copies(const Weights& weights, std::span<const int> ids, int threads);

// -ln p(target | logits row) computed in double from float logits.
double cross_entropy(const float* logits, int target);

// The model's probabilities for the character after `prompt_ids` (last kContext read).
std::array<double, kVocab> next_char_probs(const Weights& weights, std::span<const int> prompt_ids,
                                           const HeadMask& pulled = {});

}  // namespace am::analysis

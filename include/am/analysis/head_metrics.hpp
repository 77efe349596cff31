// What each attention head looks at, measured on arrays of attention weights.
// These functions know nothing of the model: tests feed them hand-built arrays.
// Every score is a mean over query rows; accumulators keep sums and counts so that
// results from many windows merge in a fixed order (same numbers for any thread count).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "am/analysis/nonsense_set.hpp"
#include "am/model/config.hpp"

namespace am::analysis {

struct MeanAccumulator {
  double sum = 0.0;
  std::int64_t count = 0;
  void add(double v) { sum += v; ++count; }
  void merge(const MeanAccumulator& o) { sum += o.sum; count += o.count; }
  double mean() const { return count > 0 ? sum / static_cast<double>(count) : 0.0; }
};

// In every function below `attn` is one head's weights, [T, T] row-major: row i is
// query i, entries j > i are ignored. Row 0 is never counted: the first character can
// only look at itself, so it says nothing about a head's habits.

// Weight from query i to key i - offset, over queries i >= max(offset, 1).
// offset 1: previous-character score; 2: two-back score; 0: self score.
void accumulate_offset(const float* attn, int T, int offset, MeanAccumulator& acc);

// Attention mass on the selected keys (Σ_{j<=i, selected} w_ij), and beside it the
// share of selected keys among the visible ones ((#selected j <= i) / (i + 1)), i.e.
// what a head spreading its attention evenly would score. Over queries i >= 1.
void accumulate_key_mass(const float* attn, int T, std::span<const bool> selected,
                         MeanAccumulator& mass, MeanAccumulator& share);
// The same with "selected" = the key is a space in `text` (text.size() >= T).
void accumulate_space_mass(const float* attn, std::string_view text, int T, MeanAccumulator& mass,
                           MeanAccumulator& share);

// Entropy of each row's attention in nats (0: all on one key; log(i+1): even). i >= 1.
void accumulate_entropy(const float* attn, int T, MeanAccumulator& acc);

// On a repeated-nonsense sequence (text = S + " " + S, L = |S|), over the scored queries
// i in [L + 1, 2L - 1] (the copy positions, see NonsenseSequence::first_scored):
// induction: mass on keys j in [1, L] whose PREVIOUS character text[j - 1] (in the first
//            copy) equals the current character text[i]: where an induction head looks
//            to fetch what came next last time;
// duplicate: mass on keys j in [0, L - 1] (the first copy) holding the current character.
void accumulate_induction(const float* attn, const NonsenseSequence& seq, MeanAccumulator& acc);
void accumulate_duplicate(const float* attn, const NonsenseSequence& seq, MeanAccumulator& acc);

// The scores of one head.
struct HeadScores {
  // on held-out novel text
  double previous = 0.0;     // mean weight one back
  double two_back = 0.0;     // mean weight two back
  double self = 0.0;         // mean weight on the query's own position
  double space = 0.0;        // mean attention mass on spaces
  double space_share = 0.0;  // mean share of spaces among visible keys (uniform baseline)
  double entropy = 0.0;      // mean row entropy, nats
  // on the repeated-nonsense set
  double induction = 0.0;
  double duplicate = 0.0;
};
using HeadTable = std::array<std::array<HeadScores, kHeads>, kLayers>;

// Sums behind one head's scores.
struct HeadAccumulators {
  MeanAccumulator previous, two_back, self, space, space_share, entropy, induction, duplicate;
  void merge(const HeadAccumulators& o);
  HeadScores scores() const;
};
using HeadAccumulatorTable = std::array<std::array<HeadAccumulators, kHeads>, kLayers>;
void merge(HeadAccumulatorTable& into, const HeadAccumulatorTable& from);
HeadTable scores_of(const HeadAccumulatorTable& table);

// All novel-text scores of one head for one window.
void accumulate_text_scores(const float* attn, std::string_view text, int T, HeadAccumulators& acc);
// Induction and duplicate scores of one head on one nonsense sequence.
void accumulate_copy_scores(const float* attn, const NonsenseSequence& seq, HeadAccumulators& acc);

}  // namespace am::analysis

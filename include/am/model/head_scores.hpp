// What each attention head looks at, measured on arrays of attention weights: the one
// implementation behind the analysis's stored scores (analysis.json, manifest.json) and
// the UI's live scores on the learner's text. These functions know nothing of the
// model's weights: tests feed them hand-built arrays. Every score is a mean over query
// rows; accumulators keep sums and counts so that results from many windows merge in a
// fixed order (same numbers for any thread count).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "am/model/config.hpp"

namespace am {

struct MeanAccumulator {
  double sum = 0.0;
  std::int64_t count = 0;
  void add(double v) {
    sum += v;
    ++count;
  }
  void merge(const MeanAccumulator& o) {
    sum += o.sum;
    count += o.count;
  }
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
void accumulate_key_mass(const float* attn, int T, std::span<const bool> selected, MeanAccumulator& mass,
                         MeanAccumulator& share);
// The same with "selected" = the key is a space in `text` (text.size() >= T).
void accumulate_space_mass(const float* attn, std::string_view text, int T, MeanAccumulator& mass,
                           MeanAccumulator& share);

// Entropy of each row's attention in nats (0: all on one key; log(i+1): even). i >= 1.
void accumulate_entropy(const float* attn, int T, MeanAccumulator& acc);

// The scores of one head (0..1 except entropy). The repeated-nonsense scores are the
// analysis's (am/analysis/head_metrics.hpp); on other text they stay 0.
struct HeadScores {
  // on novel text
  double previous = 0.0;     // mean weight one back
  double two_back = 0.0;     // mean weight two back
  double self = 0.0;         // mean weight on the query's own position
  double space = 0.0;        // mean attention mass on spaces
  double space_share = 0.0;  // mean share of spaces among visible keys (uniform baseline)
  // on the repeated-nonsense set
  double induction = 0.0;  // second copy -> the character after the earlier copy
  double duplicate = 0.0;  // second copy -> the same character in the earlier copy
  // on novel text; last, as only the analysis reads it
  double entropy = 0.0;  // mean row entropy, nats
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

// A {"L1H1": {"previous": …, …}, …, "L2H4": {…}} object (analysis.json "head_scores" and
// every manifest entry's). A field that is missing or not a number reads as 0; nullopt
// unless all eight heads are there as objects.
std::optional<HeadTable> head_table_from_json(const nlohmann::json& heads);

}  // namespace am

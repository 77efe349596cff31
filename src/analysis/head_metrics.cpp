#include "am/analysis/head_metrics.hpp"

namespace am::analysis {

namespace {

// Over the scored queries i: mass on keys k + shift, k in [0, L - 1], where the first
// copy holds the current character at k. shift 1: the key after it (induction); 0: the
// character itself (duplicate).
void accumulate_copy_mass(const float* attn, const NonsenseSequence& seq, int shift, MeanAccumulator& acc) {
  const int T = static_cast<int>(seq.text.size());
  const int L = seq.half_length();
  for (int i = seq.first_scored(); i < seq.end_scored(); ++i) {
    const char current = seq.text[static_cast<std::size_t>(i)];
    double m = 0.0;
    for (int k = 0; k < L; ++k)
      if (seq.text[static_cast<std::size_t>(k)] == current) m += attn[i * T + k + shift];
    acc.add(m);
  }
}

}  // namespace

void accumulate_induction(const float* attn, const NonsenseSequence& seq, MeanAccumulator& acc) {
  accumulate_copy_mass(attn, seq, 1, acc);
}

void accumulate_duplicate(const float* attn, const NonsenseSequence& seq, MeanAccumulator& acc) {
  accumulate_copy_mass(attn, seq, 0, acc);
}

void accumulate_copy_scores(const float* attn, const NonsenseSequence& seq, HeadAccumulators& acc) {
  accumulate_induction(attn, seq, acc.induction);
  accumulate_duplicate(attn, seq, acc.duplicate);
}

}  // namespace am::analysis

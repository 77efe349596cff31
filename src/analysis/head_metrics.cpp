#include "am/analysis/head_metrics.hpp"

namespace am::analysis {

void accumulate_induction(const float* attn, const NonsenseSequence& seq, MeanAccumulator& acc) {
  const int T = static_cast<int>(seq.text.size());
  const int L = seq.half_length();
  for (int i = seq.first_scored(); i < seq.end_scored(); ++i) {
    const char current = seq.text[static_cast<std::size_t>(i)];
    double m = 0.0;
    for (int j = 1; j <= L; ++j)
      if (seq.text[static_cast<std::size_t>(j - 1)] == current) m += attn[i * T + j];
    acc.add(m);
  }
}

void accumulate_duplicate(const float* attn, const NonsenseSequence& seq, MeanAccumulator& acc) {
  const int T = static_cast<int>(seq.text.size());
  const int L = seq.half_length();
  for (int i = seq.first_scored(); i < seq.end_scored(); ++i) {
    const char current = seq.text[static_cast<std::size_t>(i)];
    double m = 0.0;
    for (int j = 0; j < L; ++j)
      if (seq.text[static_cast<std::size_t>(j)] == current) m += attn[i * T + j];
    acc.add(m);
  }
}

void accumulate_copy_scores(const float* attn, const NonsenseSequence& seq, HeadAccumulators& acc) {
  accumulate_induction(attn, seq, acc.induction);
  accumulate_duplicate(attn, seq, acc.duplicate);
}

}  // namespace am::analysis

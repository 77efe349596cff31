#include "am/analysis/head_metrics.hpp"

#include <algorithm>
#include <cmath>

namespace am::analysis {

void accumulate_offset(const float* attn, int T, int offset, MeanAccumulator& acc) {
  for (int i = std::max(offset, 1); i < T; ++i) acc.add(attn[i * T + (i - offset)]);
}

void accumulate_key_mass(const float* attn, int T, std::span<const bool> selected, MeanAccumulator& mass,
                         MeanAccumulator& share) {
  // rows past the end of `selected` cannot be judged; the stride stays T
  const int rows = std::min(T, static_cast<int>(selected.size()));
  int selected_so_far = rows > 0 && selected[0] ? 1 : 0;
  for (int i = 1; i < rows; ++i) {
    if (selected[static_cast<std::size_t>(i)]) ++selected_so_far;
    double m = 0.0;
    for (int j = 0; j <= i; ++j)
      if (selected[static_cast<std::size_t>(j)]) m += attn[i * T + j];
    mass.add(m);
    share.add(static_cast<double>(selected_so_far) / static_cast<double>(i + 1));
  }
}

void accumulate_space_mass(const float* attn, std::string_view text, int T, MeanAccumulator& mass,
                           MeanAccumulator& share) {
  std::array<bool, kContext> is_space{};
  const int n = std::min({T, kContext, static_cast<int>(text.size())});
  for (int j = 0; j < n; ++j) is_space[static_cast<std::size_t>(j)] = text[static_cast<std::size_t>(j)] == ' ';
  accumulate_key_mass(attn, T, std::span<const bool>(is_space.data(), static_cast<std::size_t>(n)), mass, share);
}

void accumulate_entropy(const float* attn, int T, MeanAccumulator& acc) {
  for (int i = 1; i < T; ++i) {
    double h = 0.0;
    for (int j = 0; j <= i; ++j) {
      const double w = attn[i * T + j];
      if (w > 0.0) h -= w * std::log(w);
    }
    acc.add(h);
  }
}

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

void HeadAccumulators::merge(const HeadAccumulators& o) {
  previous.merge(o.previous);
  two_back.merge(o.two_back);
  self.merge(o.self);
  space.merge(o.space);
  space_share.merge(o.space_share);
  entropy.merge(o.entropy);
  induction.merge(o.induction);
  duplicate.merge(o.duplicate);
}

HeadScores HeadAccumulators::scores() const {
  HeadScores s;
  s.previous = previous.mean();
  s.two_back = two_back.mean();
  s.self = self.mean();
  s.space = space.mean();
  s.space_share = space_share.mean();
  s.entropy = entropy.mean();
  s.induction = induction.mean();
  s.duplicate = duplicate.mean();
  return s;
}

void merge(HeadAccumulatorTable& into, const HeadAccumulatorTable& from) {
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      into[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].merge(
          from[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]);
}

HeadTable scores_of(const HeadAccumulatorTable& table) {
  HeadTable out{};
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      out[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] =
          table[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].scores();
  return out;
}

void accumulate_text_scores(const float* attn, std::string_view text, int T, HeadAccumulators& acc) {
  accumulate_offset(attn, T, 1, acc.previous);
  accumulate_offset(attn, T, 2, acc.two_back);
  accumulate_offset(attn, T, 0, acc.self);
  accumulate_space_mass(attn, text, T, acc.space, acc.space_share);
  accumulate_entropy(attn, T, acc.entropy);
}

void accumulate_copy_scores(const float* attn, const NonsenseSequence& seq, HeadAccumulators& acc) {
  accumulate_induction(attn, seq, acc.induction);
  accumulate_duplicate(attn, seq, acc.duplicate);
}

}  // namespace am::analysis

// Offset profile: where, counting back from itself, a head puts its attention.
#include <algorithm>

#include "am/analysis/circuit_scores.hpp"

namespace am::analysis {

void OffsetProfileAccumulator::merge(const OffsetProfileAccumulator& o) {
  for (int b = 0; b < kProfileBins; ++b) sum[static_cast<std::size_t>(b)] += o.sum[static_cast<std::size_t>(b)];
  rows += o.rows;
}

std::array<double, kProfileBins> OffsetProfileAccumulator::mean() const {
  std::array<double, kProfileBins> m{};
  if (rows == 0) return m;
  for (int b = 0; b < kProfileBins; ++b)
    m[static_cast<std::size_t>(b)] = sum[static_cast<std::size_t>(b)] / static_cast<double>(rows);
  return m;
}

// attn: [T, T] row-major, row i = query i; keys j <= i.
void accumulate_offset_profile(const float* attn, int T, OffsetProfileAccumulator& acc) {
  for (int i = 1; i < T; ++i) {
    for (int j = 0; j <= i; ++j) {
      const int bin = std::min(i - j, kProfileOffsets);  // offsets past -8 share the last bin
      acc.sum[static_cast<std::size_t>(bin)] += attn[i * T + j];
    }
    ++acc.rows;
  }
}

}  // namespace am::analysis

// TransformerLens's detect_head with the "mul" metric: the share of a head's attention
// that lands where a named pattern says it should.
#include "am/analysis/circuit_scores.hpp"

namespace am::analysis {

const char* detect_pattern_name(DetectPattern p) {
  switch (p) {
    case DetectPattern::kPrevious: return "previous";
    case DetectPattern::kDuplicate: return "duplicate";
    case DetectPattern::kInduction: return "induction";
  }
  return "";
}

namespace {

// The detection pattern D_ij (0 or 1) for query i, key j <= i.
bool in_pattern(std::span<const int> ids, int i, int j, DetectPattern p) {
  switch (p) {
    case DetectPattern::kPrevious: return j == i - 1;
    case DetectPattern::kDuplicate: return j < i && ids[static_cast<std::size_t>(j)] == ids[static_cast<std::size_t>(i)];
    case DetectPattern::kInduction:
      return j >= 1 && j < i && ids[static_cast<std::size_t>(j - 1)] == ids[static_cast<std::size_t>(i)];
  }
  return false;
}

}  // namespace

// attn: [T, T] row-major (row i = query i); ids: >= T ids. Σ(A⊙D)/ΣA over j <= i, i >= 1.
double detect_head_score(const float* attn, std::span<const int> ids, int T, DetectPattern p) {
  double hit = 0.0, all = 0.0;
  // Row 0 is left out: our model has no BOS token, and its first position can only look
  // at itself (TransformerLens's exclude_bos plays the same part).
  for (int i = 1; i < T; ++i)
    for (int j = 0; j <= i; ++j) {
      const double a = attn[i * T + j];
      all += a;
      if (in_pattern(ids, i, j, p)) hit += a;
    }
  return all > 0.0 ? hit / all : 0.0;
}

}  // namespace am::analysis

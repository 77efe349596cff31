// The field's standard head scores, beside this project's own (head_metrics.hpp):
// offset profiles, TransformerLens detect_head "mul" scores, Olsson et al.'s prefix
// matching and copying, Elhage et al.'s K-composition, and the false-copy count.
// Each is computed in its own file; docs/analysis_schema.md gives every definition.
// The functions on attention arrays know nothing of the model, so tests feed them
// hand-built patterns; the ones on weights take any Weights.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "am/analysis/head_metrics.hpp"
#include "am/model/config.hpp"
#include "am/model/weights.hpp"

namespace am::analysis {

template <typename T>
using PerHead = std::array<std::array<T, kHeads>, kLayers>;

// ---- offset profile (offset_profile.cpp) -------------------------------------------
// Mean attention from query i to key i - d for d = 0 .. kProfileOffsets - 1, and the
// mass on every key further back in the last bin. Over queries i >= 1 (row 0 can only
// look at itself). Each row's bins sum to 1.
inline constexpr int kProfileOffsets = 9;               // 0, -1, ..., -8
inline constexpr int kProfileBins = kProfileOffsets + 1;  // + "beyond"
struct OffsetProfileAccumulator {
  std::array<double, kProfileBins> sum{};
  std::int64_t rows = 0;
  void merge(const OffsetProfileAccumulator& o);
  std::array<double, kProfileBins> mean() const;
};
void accumulate_offset_profile(const float* attn, int T, OffsetProfileAccumulator& acc);

// ---- TransformerLens detect_head, "mul" metric (detect_head.cpp) -------------------
// score(sequence) = Σ_ij A_ij D_ij / Σ_ij A_ij over the lower triangle, current token
// kept (the library's default), query row 0 left out (our model has no BOS token; its
// first position can only attend to itself), then the mean over sequences.
// Detection patterns D, for token ids t of one sequence:
//   previous:  D_ij = 1 iff j = i - 1
//   duplicate: D_ij = 1 iff j < i and t_j = t_i
//   induction: D_ij = 1 iff 1 <= j < i and t_{j-1} = t_i  (the duplicate pattern shifted
//              one key to the right, then strictly below the diagonal)
enum class DetectPattern { kPrevious = 0, kDuplicate = 1, kInduction = 2 };
inline constexpr int kDetectPatterns = 3;
const char* detect_pattern_name(DetectPattern p);  // "previous", "duplicate", "induction"
// One sequence's score; `ids` has at least T entries.
double detect_head_score(const float* attn, std::span<const int> ids, int T, DetectPattern p);

struct DetectScores {
  std::array<double, kDetectPatterns> novel{};     // on held-out novel windows
  std::array<double, kDetectPatterns> nonsense{};  // on the repeated-nonsense set
};

// ---- Olsson et al. prefix matching (prefix_matching.cpp) ---------------------------
// Random tokens repeated: ids = R + R with |R| = L. For each query i in the second
// copy (i in [L, 2L)), the attention on key i - L + 1 (the token after the earlier
// occurrence of the current token); the mean over those queries.
double prefix_matching_score(const float* attn, int T, int half_length);
struct RepeatedRandom {
  int half_length = 0;
  std::vector<std::vector<int>> sequences;  // each 2 * half_length ids
};
inline constexpr std::uint64_t kPrefixSeed = 4242;
// `count` sequences of `half_length` uniform random ids, each written twice (seeded).
RepeatedRandom make_repeated_random(int count = 32, int half_length = kContext / 2,
                                    std::uint64_t seed = kPrefixSeed);

// ---- Olsson et al. copying score (copying_score.cpp) -------------------------------
// For every token t: x = LN1(embed[t] + a position), read through the head's OV circuit
// and the unembedding (final LayerNorm's scale folded in, its centring kept):
// logits = W_U γ_f ⊙ center(W_O W_V x). Subtract the mean logit and clip negatives to 0:
// what the head raises. share = Σ_{t,pos} relu(logit_t) / Σ_{t,pos} Σ_u relu(logit_u),
// the increase on the attended token's own logit as a share of the increase on all
// logits, over every token at every position. The score is 2 · share - 1: +1 when the
// head raises only the attended token, -1 when it never raises it; 0 if the head raises
// nothing at all.
double copying_score(const Weights& w, int layer, int head);
PerHead<double> copying_scores(const Weights& w);

// ---- K-composition (k_composition.cpp) ---------------------------------------------
// ‖W_QK² W_OV¹‖_F / (‖W_QK²‖_F ‖W_OV¹‖_F), with W_QK² = (W_Q C Γ₂)ᵀ (W_K C Γ₂) for the
// layer-2 head and W_OV¹ = W_O W_V C Γ₁ for the layer-1 head (Γ the LayerNorm scale,
// C = I - 11ᵀ/d its centring). The baseline is the mean of the same ratio for matrices
// of the same shapes with independent N(0, 1) entries (seeded).
struct KComposition {
  std::array<std::array<double, kHeads>, kHeads> raw{};  // [layer-1 head][layer-2 head]
  double baseline = 0.0;
  double score(int from_l1, int to_l2) const {
    return raw[static_cast<std::size_t>(from_l1)][static_cast<std::size_t>(to_l2)] - baseline;
  }
};
inline constexpr std::uint64_t kCompositionSeed = 1729;
KComposition k_composition(const Weights& w, int baseline_samples = 200, std::uint64_t seed = kCompositionSeed);
// The ratio for explicit matrices: qk is d×d, ov is d×d (row-major).
double composition_ratio(std::span<const double> qk, std::span<const double> ov, int d);
// The random baseline alone.
double composition_baseline(int samples, std::uint64_t seed);

// ---- false copies (false_copy.cpp) -------------------------------------------------
// At a position whose current character occurred earlier in the window, the "copy
// guess" is the character that followed its most recent earlier occurrence. A position
// is confident when the model puts >= threshold on that guess; a false copy is a
// confident position whose next character is not the guess.
struct FalseCopyTally {
  std::int64_t confident = 0;
  std::int64_t wrong = 0;
  double rate() const { return confident > 0 ? static_cast<double>(wrong) / static_cast<double>(confident) : 0.0; }
  void merge(const FalseCopyTally& o) { confident += o.confident; wrong += o.wrong; }
};
// ids: T + 1 ids (T read, each one's successor known); probs: [T, kVocab].
void count_false_copies(std::span<const int> ids, int T, const float* probs, FalseCopyTally& into,
                        double threshold = 0.5);

}  // namespace am::analysis

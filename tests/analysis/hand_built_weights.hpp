// Weights built by hand so the analysis has answers known in advance.
#pragma once

#include <cmath>

#include "am/model/alphabet.hpp"
#include "am/model/weights.hpp"

namespace am::test {

// All zero except what each builder sets. With LayerNorm weights 0 a layer's output is
// its bias (0), so every head with zero queries spreads its attention evenly, values are
// 0 (the residual stream never changes) and the logits are exactly the unembedding bias.
inline Weights zero_weights() { return Weights{}; }

// Makes every prediction the same character: logits = unembedding bias.
inline void predict_always(Weights& w, char c, float logit = 1.0f) {
  w.view().unembed_b[char_to_id(c)] = logit;
}

// Makes layer-1 head `head` attend (with weight 1.0 to float precision) from each
// position i to position i - back, using only the sinusoidal positions.
//
// How: the token embedding is the same large vector E for every character, on dims 8..15
// (±A), so LayerNorm's scale barely depends on the position. LayerNorm subtracts the
// mean, which would leak every dim into every other; rows of the form e_c - e_31 sum to
// zero and so ignore the mean, and PE dim 31 (cos of the slowest frequency) is 1 to within
// 6e-5 over 64 positions, so the row reads PE_c - 1; LayerNorm's bias on dim 31 (-1/s)
// adds the 1 back. Keys are then (sin ωj, cos ωj) for four frequencies; queries are the
// same rotated by -back·ω, i.e. (sin ω(i-back), cos ω(i-back)), so q·k = Σ cos ω(i-back-j),
// largest (4) at j = i - back and at least 0.67 lower anywhere else in 64 positions.
// The scale makes that margin ~50 in the softmax: e^-50 is nothing in float.
inline void set_look_back_head(Weights& w, int head, int back) {
  constexpr float kA = 100.0f;
  constexpr float kStd = kA / 2.0f;  // std of E over 32 dims: sqrt(8·A²/32)
  constexpr float kScale = 200.0f;
  MutableParamView p = w.view();
  auto& layer = p.layers[0];
  for (int t = 0; t < kVocab; ++t)
    for (int n = 0; n < 8; ++n) p.embed[t * kDModel + 8 + n] = (n % 2 == 0) ? kA : -kA;
  for (int c = 0; c < kDModel; ++c) layer.ln1_w[c] = 1.0f;
  layer.ln1_b[31] = -1.0f / kStd;
  for (int n = 0; n < 4; ++n) {
    const int m = n;  // frequency index: the four fastest
    const double omega = std::pow(10000.0, -2.0 * m / kDModel);
    const double a = -back * omega;
    float rs[kDModel] = {}, rc[kDModel] = {};
    rs[2 * m] = 1.0f;
    rs[31] = -1.0f;
    rc[2 * m + 1] = 1.0f;
    rc[31] = -1.0f;
    float* q0 = layer.q + (head * kDHead + 2 * n) * kDModel;
    float* q1 = q0 + kDModel;
    float* k0 = layer.k + (head * kDHead + 2 * n) * kDModel;
    float* k1 = k0 + kDModel;
    for (int c = 0; c < kDModel; ++c) {
      q0[c] = static_cast<float>(kScale * kStd * (std::cos(a) * rs[c] + std::sin(a) * rc[c]));
      q1[c] = static_cast<float>(kScale * kStd * (-std::sin(a) * rs[c] + std::cos(a) * rc[c]));
      k0[c] = kStd * rs[c];
      k1[c] = kStd * rc[c];
    }
  }
}

}  // namespace am::test

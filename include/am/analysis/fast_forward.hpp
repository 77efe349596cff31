// A lean forward pass for the analysis. It does the same arithmetic as am::forward in
// the same order, so every number it produces is bit-for-bit the one am::forward
// records (tests/analysis checks this), but the weights are transposed once so the
// inner loops vectorise, nothing is allocated per call, and only what the analysis
// reads is kept: attention weights and logits. am::forward stays the reference.
#pragma once

#include <span>
#include <vector>

#include "am/model/config.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"

namespace am::analysis {

inline constexpr int kUnembedPadded = 32;  // kVocab rounded up to the kernel's block of 16

// Scratch and results of one pass; one per thread, reused across calls.
struct ForwardWorkspace {
  ForwardWorkspace();

  int T = 0;                  // positions in the last pass
  std::vector<float> attn;    // [L, H, T, T] softmax weights; exactly 0 for j > i
  std::vector<float> logits;  // [T, 30]

  // attention weights of one head: [T, T], row i = query i
  const float* attention(int layer, int head) const {
    return attn.data() + static_cast<std::size_t>((layer * kHeads + head) * T * T);
  }
  const float* logits_at(int position) const { return logits.data() + position * kVocab; }

  // internal buffers (kContext positions)
  std::vector<float> resid, normed, qkv, keys_t, concat, attn_out, hidden, hidden_act, mlp_out, padded_logits;
};

class FastForward {
 public:
  explicit FastForward(const Weights& weights);

  // ids: at most kContext ids, each in [0, kVocab) (out-of-range ids are clamped, as
  // am::forward does). Pulled heads contribute nothing to the residual stream.
  void run(std::span<const int> ids, const HeadMask& pulled, ForwardWorkspace& ws) const;

 private:
  struct Layer {
    std::vector<float> qkv_t;   // [32 in, 96 out]: q | k | v
    std::vector<float> o_t;     // [32 in, 32 out]
    std::vector<float> fc_t;    // [32 in, 128 out]
    std::vector<float> proj_t;  // [128 in, 32 out]
  };
  Weights weights_;                 // own copy: LayerNorm parameters, biases, embedding
  std::vector<Layer> layers_;
  std::vector<float> unembed_t_;    // [32 in, 32 out]: 30 logits + 2 zero columns
  std::vector<float> unembed_b_;    // [32]
  std::vector<float> positions_;    // [kContext, 32] sinusoidal table
};

}  // namespace am::analysis

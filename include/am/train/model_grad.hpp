// The whole model's forward pass with the caches its backward needs, and the
// hand-written backward, for one window of kContext characters. A template over
// the number type (float to train, double for the gradient tests).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "am/model/aligned_allocator.hpp"
#include "am/model/config.hpp"
#include "am/core/result.hpp"
#include "am/model/weights.hpp"

namespace am::train {

// Where each parameter tensor starts in the parameter block (the same layout holds
// gradients and Adam's moments). q, k and v are adjacent, so they form one [96, 32] matrix.
struct ParamOffsets {
  struct Layer {
    std::size_t ln1_w, ln1_b, qkv, o, ln2_w, ln2_b, fc_w, fc_b, proj_w, proj_b;
  };
  std::size_t embed;
  std::array<Layer, kLayers> layers;
  std::size_t lnf_w, lnf_b, unembed_w, unembed_b;
};
// The offsets in `table`, or an error if a tensor the trainer reads is missing, has
// another size, lies outside the block, or k and v do not follow q.
Result<ParamOffsets> param_offsets_from(const std::vector<TensorInfo>& table);
// The offsets in parameter_table(), computed once.
const Result<ParamOffsets>& param_offsets();

// The parameter block plus the transposed copy of every matrix the forward reads
// (y = x · W^T runs fastest with W^T in memory). prepare() again after every update.
template <typename F>
class PreparedParams {
 public:
  void prepare(const F* params);  // params: [kParamCount]

  const F* params = nullptr;
  struct Layer {
    const F* qkv_t;   // [32, 96]
    const F* o_t;     // [32, 32]
    const F* fc_t;    // [32, 128]
    const F* proj_t;  // [128, 32]
  };
  std::array<Layer, kLayers> layers{};
  const F* unembed_t = nullptr;  // [32, 30]

 private:
  std::vector<F> transposed_;
};

// Forward and backward of one window. Holds its caches; one per thread.
template <typename F>
class SequenceModel {
 public:
  SequenceModel();

  // window: [T + 1] ids; inputs window[0..T), targets window[1..T]. Returns Σ_t -log p(target),
  // or an error (and runs no kernel) unless 1 <= T <= kContext and every id is in [0, kVocab).
  Result<double> forward(const PreparedParams<F>& p, const int* window, int T = kContext);
  // After a forward() that succeeded: grads: [kParamCount] (+)= gradient of
  // scale · Σ_t -log p(target). Otherwise grads are left as they are.
  void backward(const PreparedParams<F>& p, F* grads, F scale);
  // Logits of the last forward: [T, 30].
  const F* logits() const { return logits_; }

 private:
  struct LayerCache {
    F* ln1;     // [T, 32]
    F* mean1;   // [T]
    F* rstd1;   // [T]
    F* qkv;     // [T, 96]
    F* probs;   // [H, T, T]
    F* att;     // [T, 32] heads side by side
    F* res1;    // [T, 32] residual after attention
    F* ln2;     // [T, 32]
    F* mean2;   // [T]
    F* rstd2;   // [T]
    F* pre;     // [T, 128]
    F* post;    // [T, 128]
    F* slope;   // [T, 128] GELU'(pre)
    F* res2;    // [T, 32] residual after the MLP
  };
  // Every cache below is a slice of block_; each slice is a whole number of cache lines,
  // so with the block on a line every slice starts on one (a full-width AVX-512 load
  // never straddles two, whatever the heap handed out before).
  std::vector<F, CacheAlignedAllocator<F>> block_;
  std::vector<F> pos_;  // [64, 32] sinusoidal positions
  int T_ = 0;
  std::array<int, kContext> ids_{};
  std::array<int, kContext> targets_{};
  F* x0_ = nullptr;      // [T, 32]
  std::array<LayerCache, kLayers> layers_{};
  F* lnf_ = nullptr;     // [T, 32]
  F* meanf_ = nullptr;   // [T]
  F* rstdf_ = nullptr;   // [T]
  F* logits_ = nullptr;  // [T, 30]
  // Backward scratch.
  F* dres_ = nullptr;     // [T, 32]
  F* dln_ = nullptr;      // [T, 32]
  F* datt_ = nullptr;     // [T, 32]
  F* dqkv_ = nullptr;     // [T, 96]
  F* dpost_ = nullptr;    // [T, 128]
  F* dpre_ = nullptr;     // [T, 128]
  F* dlogits_ = nullptr;  // [T, 30]
  F* scratch_ = nullptr;  // [8·T + T·T] for attention
};

extern template class PreparedParams<float>;
extern template class PreparedParams<double>;
extern template class SequenceModel<float>;
extern template class SequenceModel<double>;

}  // namespace am::train

// Loss and gradient of a whole batch, spread over threads.
//
// The batch is cut into kGradientShards fixed slices. Each slice sums its windows'
// gradients, in order, into its own buffer; the buffers are then added in slice
// order. Which thread ran a slice never matters, so the result is bit-identical
// for 1, 2 or 4 threads.
#pragma once

#include <vector>

#include "am/train/model_grad.hpp"
#include "am/train/worker_pool.hpp"

namespace am::train {

inline constexpr int kGradientShards = 4;
inline constexpr int kWindow = kContext + 1;  // 64 inputs and the 64 targets they predict

class BatchGradient {
 public:
  explicit BatchGradient(int threads);

  // windows: [B, 65] ids. grads: [kParamCount] = gradient of the mean cross-entropy over
  // all B·64 predictions. Returns that mean (nats per character).
  double loss_and_gradient(const PreparedParams<float>& p, const std::vector<int>& windows, float* grads);
  // The mean cross-entropy only (validation).
  double loss(const PreparedParams<float>& p, const std::vector<int>& windows);

  int threads() const { return pool_.size(); }

 private:
  WorkerPool pool_;
  std::vector<SequenceModel<float>> models_;     // one per thread
  std::vector<std::vector<float>> shard_grads_;  // [kGradientShards][kParamCount]
};

}  // namespace am::train

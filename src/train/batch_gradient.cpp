#include "am/train/batch_gradient.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "am/model/weights.hpp"

namespace am::train {
namespace {

// Windows [begin, end) of slice `shard` when `count` windows are cut into kGradientShards.
std::pair<int, int> shard_range(int shard, int count) {
  return {shard * count / kGradientShards, (shard + 1) * count / kGradientShards};
}

// A window the model refuses (ids outside the vocabulary) makes the loss NaN, which the
// trainer reports as a failed step.
double window_loss(const Result<double>& loss) {
  return loss ? *loss : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

BatchGradient::BatchGradient(int threads)
    : pool_(threads),
      models_(static_cast<std::size_t>(pool_.size())),
      shard_grads_(kGradientShards, std::vector<float>(kParamCount)) {}

double BatchGradient::loss_and_gradient(const PreparedParams<float>& p, const std::vector<int>& windows,
                                        float* grads) {
  const int count = static_cast<int>(windows.size() / kWindow);
  const float scale = 1.0f / static_cast<float>(count * kContext);
  std::array<double, kGradientShards> losses{};
  pool_.run(kGradientShards, [&](int shard, int thread) {
    auto& g = shard_grads_[static_cast<std::size_t>(shard)];
    std::fill(g.begin(), g.end(), 0.0f);
    auto& model = models_[static_cast<std::size_t>(thread)];
    const auto [begin, end] = shard_range(shard, count);
    double sum = 0.0;
    for (int b = begin; b < end; ++b) {
      sum += window_loss(model.forward(p, windows.data() + static_cast<std::size_t>(b) * kWindow));
      model.backward(p, g.data(), scale);  // nothing after a refused window
    }
    losses[static_cast<std::size_t>(shard)] = sum;
  });
  std::copy(shard_grads_[0].begin(), shard_grads_[0].end(), grads);
  for (int s = 1; s < kGradientShards; ++s) {
    const float* g = shard_grads_[static_cast<std::size_t>(s)].data();
    for (std::size_t i = 0; i < kParamCount; ++i) grads[i] += g[i];
  }
  double total = 0.0;
  for (double l : losses) total += l;
  return total / (static_cast<double>(count) * kContext);
}

double BatchGradient::loss(const PreparedParams<float>& p, const std::vector<int>& windows) {
  const int count = static_cast<int>(windows.size() / kWindow);
  if (count == 0) return 0.0;
  std::array<double, kGradientShards> losses{};
  pool_.run(kGradientShards, [&](int shard, int thread) {
    auto& model = models_[static_cast<std::size_t>(thread)];
    const auto [begin, end] = shard_range(shard, count);
    double sum = 0.0;
    for (int b = begin; b < end; ++b)
      sum += window_loss(model.forward(p, windows.data() + static_cast<std::size_t>(b) * kWindow));
    losses[static_cast<std::size_t>(shard)] = sum;
  });
  double total = 0.0;
  for (double l : losses) total += l;
  return total / (static_cast<double>(count) * kContext);
}

}  // namespace am::train

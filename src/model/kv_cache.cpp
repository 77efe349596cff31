#include "am/model/kv_cache.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "am/model/forward.hpp"
#include "am/model/kernels.hpp"

namespace am {

KvCache::KvCache(const Weights& weights, HeadMask pulled) : weights_(&weights), pulled_(pulled) {
  keys_.assign(static_cast<std::size_t>(kLayers * kContext * kDModel), 0.0f);
  values_.assign(keys_.size(), 0.0f);
}

void KvCache::reset() {
  length_ = 0;
  history_.clear();
}

std::array<float, kVocab> KvCache::append(int id) {
  id = std::clamp(id, 0, kVocab - 1);
  if (length_ == kContext) {
    // The window is full: positions shift, so every cached key is stale. Rebuild
    // from the last kContext-1 characters (this is what the full forward would read).
    std::vector<int> keep(history_.end() - (kContext - 1), history_.end());
    reset();
    for (int old : keep) step(old);
  }
  return step(id);
}

// One new character at position length_: x: [32] through both layers.
std::array<float, kVocab> KvCache::step(int id) {
  const ParamView p = weights_->view();
  const int t = length_;
  float x[kDModel];
  float pe[kDModel];
  position_encoding(t, pe);
  for (int c = 0; c < kDModel; ++c) x[c] = p.embed[id * kDModel + c] + pe[c];

  const float scale = 1.0f / std::sqrt(static_cast<float>(kDHead));
  for (int l = 0; l < kLayers; ++l) {
    const auto& lp = p.layers[static_cast<std::size_t>(l)];
    float* K = keys_.data() + static_cast<std::size_t>(l * kContext * kDModel);    // [T, 32]
    float* V = values_.data() + static_cast<std::size_t>(l * kContext * kDModel);  // [T, 32]
    float h[kDModel], q[kDModel], concat[kDModel], attn[kDModel];
    kernels::layernorm(h, nullptr, nullptr, x, lp.ln1_w, lp.ln1_b, 1, kDModel);
    kernels::linear(q, h, lp.q, nullptr, 1, kDModel, kDModel);
    kernels::linear(K + t * kDModel, h, lp.k, nullptr, 1, kDModel, kDModel);
    kernels::linear(V + t * kDModel, h, lp.v, nullptr, 1, kDModel, kDModel);
    for (int hd = 0; hd < kHeads; ++hd) {
      float w[kContext];
      for (int j = 0; j <= t; ++j) {
        float dot = 0.0f;
        for (int d = 0; d < kDHead; ++d) dot += q[hd * kDHead + d] * K[j * kDModel + hd * kDHead + d];
        w[j] = dot * scale;
      }
      dot_products_ += t + 1;
      kernels::softmax_row(w, t + 1);
      for (int d = 0; d < kDHead; ++d) {
        float acc = 0.0f;
        for (int j = 0; j <= t; ++j) acc += w[j] * V[j * kDModel + hd * kDHead + d];
        concat[hd * kDHead + d] = pulled_.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(hd)] ? 0.0f : acc;
      }
    }
    kernels::linear(attn, concat, lp.o, nullptr, 1, kDModel, kDModel);
    for (int c = 0; c < kDModel; ++c) x[c] += attn[c];
    float h2[kDModel], pre[kDMlp], post[kDMlp], mlp[kDModel];
    kernels::layernorm(h2, nullptr, nullptr, x, lp.ln2_w, lp.ln2_b, 1, kDModel);
    kernels::linear(pre, h2, lp.fc_w, lp.fc_b, 1, kDModel, kDMlp);
    kernels::gelu(post, pre, kDMlp);
    kernels::linear(mlp, post, lp.proj_w, lp.proj_b, 1, kDMlp, kDModel);
    for (int c = 0; c < kDModel; ++c) x[c] += mlp[c];
  }
  float hf[kDModel];
  std::array<float, kVocab> logits{};
  kernels::layernorm(hf, nullptr, nullptr, x, p.lnf_w, p.lnf_b, 1, kDModel);
  kernels::linear(logits.data(), hf, p.unembed_w, p.unembed_b, 1, kDModel, kVocab);
  history_.push_back(id);
  ++length_;
  return logits;
}

int sample_next(std::span<const float> logits, float temperature, std::mt19937_64& rng) {
  if (logits.empty()) return 0;
  const int argmax = static_cast<int>(std::max_element(logits.begin(), logits.end()) - logits.begin());
  if (!(temperature > 0.0f)) return argmax;
  // In double and relative to the maximum, so a tiny temperature cannot overflow
  // logits / temperature into inf - inf = NaN.
  const double mx = logits[static_cast<std::size_t>(argmax)];
  std::vector<double> p(logits.size());
  double sum = 0.0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    p[i] = std::exp((static_cast<double>(logits[i]) - mx) / static_cast<double>(temperature));
    sum += p[i];
  }
  if (!std::isfinite(sum) || !(sum > 0.0)) return argmax;  // NaN or inf logits: no distribution
  std::uniform_real_distribution<double> uniform(0.0, sum);
  double r = uniform(rng);
  for (std::size_t i = 0; i < p.size(); ++i) {
    r -= p[i];
    if (r < 0.0) return static_cast<int>(i);
  }
  // Rounding can leave r a hair above zero: the last character with any weight.
  for (std::size_t i = p.size(); i-- > 0;)
    if (p[i] > 0.0) return static_cast<int>(i);
  return argmax;
}

}  // namespace am

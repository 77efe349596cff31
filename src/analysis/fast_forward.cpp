#include "am/analysis/fast_forward.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "am/model/forward.hpp"
#include "am/model/kernels.hpp"

namespace am::analysis {

namespace {

// W: [N out, K in] (PyTorch layout) -> [K, N], so a row of inputs meets a contiguous row.
std::vector<float> transpose(const float* W, int N, int K) {
  std::vector<float> t(static_cast<std::size_t>(N) * K);
  for (int n = 0; n < N; ++n)
    for (int k = 0; k < K; ++k) t[static_cast<std::size_t>(k) * N + n] = W[n * K + k];
  return t;
}

// Four floats in one SSE register (GCC/Clang vector extension; element-wise IEEE
// arithmetic, no reassociation). aligned(4): rows and biases need not be 16-byte aligned.
typedef float Float4 __attribute__((vector_size(16), aligned(4)));

// out: [T, N] = in: [T, K] · Wt (Wt: [K, N]) + bias: [N].
// Each output is summed over k from 0.0f in increasing k, then the bias (or 0.0f) is
// added: exactly the order of kernels::linear, so the result is bitwise the same. Each
// vector lane is one output's own running sum; 16 outputs at a time stay in registers.
template <int K, int N>
void linear_t(float* out, const float* in, const float* Wt, const float* bias, int T) {
  static_assert(N % 16 == 0, "pad the outputs to a multiple of 16");
  const Float4 zero = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int t = 0; t < T; ++t) {
    const float* x = in + t * K;
    float* y = out + t * N;
    for (int n0 = 0; n0 < N; n0 += 16) {
      Float4 a0 = zero, a1 = zero, a2 = zero, a3 = zero;
      for (int k = 0; k < K; ++k) {
        const Float4 xk = {x[k], x[k], x[k], x[k]};
        const Float4* w = reinterpret_cast<const Float4*>(Wt + k * N + n0);
        a0 += xk * w[0];
        a1 += xk * w[1];
        a2 += xk * w[2];
        a3 += xk * w[3];
      }
      const Float4* b = bias ? reinterpret_cast<const Float4*>(bias + n0) : nullptr;
      Float4* dst = reinterpret_cast<Float4*>(y + n0);
      dst[0] = a0 + (b ? b[0] : zero);
      dst[1] = a1 + (b ? b[1] : zero);
      dst[2] = a2 + (b ? b[2] : zero);
      dst[3] = a3 + (b ? b[3] : zero);
    }
  }
}

}  // namespace

ForwardWorkspace::ForwardWorkspace()
    : attn(static_cast<std::size_t>(kLayers * kHeads * kContext * kContext)),
      logits(kContext * kVocab),
      resid(kContext * kDModel),
      normed(kContext * kDModel),
      qkv(kContext * 3 * kDModel),
      keys_t(kHeads * kDHead * kContext),
      concat(kContext * kDModel),
      attn_out(kContext * kDModel),
      hidden(kContext * kDMlp),
      hidden_act(kContext * kDMlp),
      mlp_out(kContext * kDModel),
      padded_logits(kContext * kUnembedPadded) {}

FastForward::FastForward(const Weights& weights) : weights_(weights) {
  const ParamView p = std::as_const(weights_).view();
  for (int l = 0; l < kLayers; ++l) {
    const auto& lp = p.layers[static_cast<std::size_t>(l)];
    Layer layer;
    // q | k | v side by side: [96 out, 32 in] -> [32, 96]
    std::vector<float> qkv(3 * kDModel * kDModel);
    std::memcpy(qkv.data(), lp.q, sizeof(float) * kDModel * kDModel);
    std::memcpy(qkv.data() + kDModel * kDModel, lp.k, sizeof(float) * kDModel * kDModel);
    std::memcpy(qkv.data() + 2 * kDModel * kDModel, lp.v, sizeof(float) * kDModel * kDModel);
    layer.qkv_t = transpose(qkv.data(), 3 * kDModel, kDModel);
    layer.o_t = transpose(lp.o, kDModel, kDModel);
    layer.fc_t = transpose(lp.fc_w, kDMlp, kDModel);
    layer.proj_t = transpose(lp.proj_w, kDModel, kDMlp);
    layers_.push_back(std::move(layer));
  }
  // padded to 32 outputs (two zero rows) so the output blocks tile it
  std::vector<float> unembed(kUnembedPadded * kDModel, 0.0f);
  std::memcpy(unembed.data(), p.unembed_w, sizeof(float) * kVocab * kDModel);
  unembed_t_ = transpose(unembed.data(), kUnembedPadded, kDModel);
  unembed_b_.assign(kUnembedPadded, 0.0f);
  std::memcpy(unembed_b_.data(), p.unembed_b, sizeof(float) * kVocab);
  positions_.resize(kContext * kDModel);
  for (int t = 0; t < kContext; ++t) position_encoding(t, positions_.data() + t * kDModel);
}

void FastForward::run(std::span<const int> all_ids, const HeadMask& pulled, ForwardWorkspace& ws) const {
  const std::span<const int> ids = context_window(all_ids);
  const int T = static_cast<int>(ids.size());
  ws.T = T;
  const ParamView p = std::as_const(weights_).view();
  const float scale = 1.0f / std::sqrt(static_cast<float>(kDHead));

  // resid: [T, 32] = embed + position
  for (int t = 0; t < T; ++t) {
    const int id = std::clamp(ids[static_cast<std::size_t>(t)], 0, kVocab - 1);
    for (int c = 0; c < kDModel; ++c)
      ws.resid[t * kDModel + c] = p.embed[id * kDModel + c] + positions_[t * kDModel + c];
  }

  for (int l = 0; l < kLayers; ++l) {
    const auto& lp = p.layers[static_cast<std::size_t>(l)];
    const Layer& layer = layers_[static_cast<std::size_t>(l)];
    kernels::layernorm(ws.normed.data(), nullptr, nullptr, ws.resid.data(), lp.ln1_w, lp.ln1_b, T, kDModel);
    // qkv: [T, 96]
    linear_t<kDModel, 3 * kDModel>(ws.qkv.data(), ws.normed.data(), layer.qkv_t.data(), nullptr, T);

    for (int h = 0; h < kHeads; ++h) {
      const int q_col = h * kDHead, k_col = kDModel + h * kDHead, v_col = 2 * kDModel + h * kDHead;
      // keys_t: [8, T] so the scores of one query against every key vectorise over keys
      float* kt = ws.keys_t.data();
      for (int j = 0; j < T; ++j)
        for (int d = 0; d < kDHead; ++d) kt[d * T + j] = ws.qkv[j * 3 * kDModel + k_col + d];
      float* weights = ws.attn.data() + static_cast<std::size_t>((l * kHeads + h) * T * T);
      const bool is_pulled = pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
      for (int i = 0; i < T; ++i) {
        const float* q = ws.qkv.data() + i * 3 * kDModel + q_col;
        float* row = weights + i * T;
        // row[j] = (Σ_d q_d k_jd) · scale, summed over d in order as am::forward does
        for (int j = 0; j <= i; ++j) row[j] = 0.0f;
        for (int d = 0; d < kDHead; ++d) {
          const float qd = q[d];
          const float* kd = kt + d * T;
          for (int j = 0; j <= i; ++j) row[j] += qd * kd[j];
        }
        for (int j = 0; j <= i; ++j) row[j] *= scale;
        for (int j = i + 1; j < T; ++j) row[j] = 0.0f;  // causal mask: exact zeros
        kernels::softmax_row(row, i + 1);
        // out_i: [8] = Σ_j w_ij v_j
        float acc[kDHead] = {};
        for (int j = 0; j <= i; ++j) {
          const float w = row[j];
          const float* v = ws.qkv.data() + j * 3 * kDModel + v_col;
          for (int d = 0; d < kDHead; ++d) acc[d] += w * v[d];
        }
        for (int d = 0; d < kDHead; ++d) ws.concat[i * kDModel + h * kDHead + d] = is_pulled ? 0.0f : acc[d];
      }
    }
    linear_t<kDModel, kDModel>(ws.attn_out.data(), ws.concat.data(), layer.o_t.data(), nullptr, T);
    for (int i = 0; i < T * kDModel; ++i) ws.resid[i] += ws.attn_out[i];

    kernels::layernorm(ws.normed.data(), nullptr, nullptr, ws.resid.data(), lp.ln2_w, lp.ln2_b, T, kDModel);
    linear_t<kDModel, kDMlp>(ws.hidden.data(), ws.normed.data(), layer.fc_t.data(), lp.fc_b, T);
    kernels::gelu(ws.hidden_act.data(), ws.hidden.data(), T * kDMlp);
    linear_t<kDMlp, kDModel>(ws.mlp_out.data(), ws.hidden_act.data(), layer.proj_t.data(), lp.proj_b, T);
    for (int i = 0; i < T * kDModel; ++i) ws.resid[i] += ws.mlp_out[i];
  }
  kernels::layernorm(ws.normed.data(), nullptr, nullptr, ws.resid.data(), p.lnf_w, p.lnf_b, T, kDModel);
  // padded logits: [T, 32] -> logits: [T, 30]
  linear_t<kDModel, kUnembedPadded>(ws.padded_logits.data(), ws.normed.data(), unembed_t_.data(), unembed_b_.data(), T);
  for (int t = 0; t < T; ++t)
    std::memcpy(ws.logits.data() + t * kVocab, ws.padded_logits.data() + t * kUnembedPadded, sizeof(float) * kVocab);
}

}  // namespace am::analysis

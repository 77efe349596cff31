#include "am/train/model_grad.hpp"

#include <algorithm>
#include <cassert>
#include <string>

#include "am/model/forward.hpp"
#include "am/model/weights.hpp"
#include "am/train/ops.hpp"

namespace am::train {
namespace {

constexpr int D = kDModel;       // 32
constexpr int M = kDMlp;         // 128
constexpr int V = kVocab;        // 30
constexpr int Q = 3 * kDModel;   // 96
constexpr int T_MAX = kContext;  // 64
// Scratch for the attention kernels: [8, T] + [T, T].
constexpr std::size_t kScratch = kDHead * T_MAX + T_MAX * T_MAX;

std::size_t offset_of(const std::string& name) {
  const TensorInfo* info = find_parameter(name);
  assert(info && "parameter table and trainer disagree");
  return info->offset;
}

ParamOffsets build_offsets() {
  ParamOffsets o{};
  o.embed = offset_of("embed.weight");
  for (int l = 0; l < kLayers; ++l) {
    const std::string p = "blocks." + std::to_string(l) + ".";
    auto& L = o.layers[static_cast<std::size_t>(l)];
    L.ln1_w = offset_of(p + "ln1.weight");
    L.ln1_b = offset_of(p + "ln1.bias");
    L.qkv = offset_of(p + "attn.q.weight");
    // The fused [96, 32] view relies on k and v following q directly.
    assert(offset_of(p + "attn.k.weight") == L.qkv + D * D);
    assert(offset_of(p + "attn.v.weight") == L.qkv + 2 * D * D);
    L.o = offset_of(p + "attn.o.weight");
    L.ln2_w = offset_of(p + "ln2.weight");
    L.ln2_b = offset_of(p + "ln2.bias");
    L.fc_w = offset_of(p + "mlp.fc.weight");
    L.fc_b = offset_of(p + "mlp.fc.bias");
    L.proj_w = offset_of(p + "mlp.proj.weight");
    L.proj_b = offset_of(p + "mlp.proj.bias");
  }
  o.lnf_w = offset_of("ln_f.weight");
  o.lnf_b = offset_of("ln_f.bias");
  o.unembed_w = offset_of("unembed.weight");
  o.unembed_b = offset_of("unembed.bias");
  return o;
}

}  // namespace

const ParamOffsets& param_offsets() {
  static const ParamOffsets offsets = build_offsets();
  return offsets;
}

template <typename F>
void PreparedParams<F>::prepare(const F* block) {
  const ParamOffsets& o = param_offsets();
  params = block;
  constexpr std::size_t kPerLayer = Q * D + D * D + D * M + M * D;
  transposed_.resize(kLayers * kPerLayer + D * V);
  F* out = transposed_.data();
  for (int l = 0; l < kLayers; ++l) {
    const auto& L = o.layers[static_cast<std::size_t>(l)];
    auto& P = layers[static_cast<std::size_t>(l)];
    ops::transpose(out, block + L.qkv, Q, D, D);  // [96, 32] -> [32, 96]
    P.qkv_t = out;
    out += Q * D;
    ops::transpose(out, block + L.o, D, D, D);
    P.o_t = out;
    out += D * D;
    ops::transpose(out, block + L.fc_w, M, D, D);  // [128, 32] -> [32, 128]
    P.fc_t = out;
    out += M * D;
    ops::transpose(out, block + L.proj_w, D, M, M);  // [32, 128] -> [128, 32]
    P.proj_t = out;
    out += D * M;
  }
  ops::transpose(out, block + o.unembed_w, V, D, D);  // [30, 32] -> [32, 30]
  unembed_t = out;
}

template <typename F>
SequenceModel<F>::SequenceModel() {
  constexpr std::size_t kLayerFloats =
      5 * T_MAX * D + 4 * T_MAX + T_MAX * Q + kHeads * T_MAX * T_MAX + 3 * T_MAX * M;
  constexpr std::size_t kOther = T_MAX * D + T_MAX * D + 2 * T_MAX + T_MAX * V +  // x0, lnf, stats, logits
                                 3 * T_MAX * D + T_MAX * Q + 2 * T_MAX * M + T_MAX * V + kScratch;
  block_.assign(kLayers * kLayerFloats + kOther, F(0));
  F* next = block_.data();
  const auto take = [&](std::size_t n) {
    F* p = next;
    next += n;
    return p;
  };
  x0_ = take(T_MAX * D);
  for (auto& L : layers_) {
    L.ln1 = take(T_MAX * D);
    L.mean1 = take(T_MAX);
    L.rstd1 = take(T_MAX);
    L.qkv = take(T_MAX * Q);
    L.probs = take(kHeads * T_MAX * T_MAX);
    L.att = take(T_MAX * D);
    L.res1 = take(T_MAX * D);
    L.ln2 = take(T_MAX * D);
    L.mean2 = take(T_MAX);
    L.rstd2 = take(T_MAX);
    L.pre = take(T_MAX * M);
    L.post = take(T_MAX * M);
    L.slope = take(T_MAX * M);
    L.res2 = take(T_MAX * D);
  }
  lnf_ = take(T_MAX * D);
  meanf_ = take(T_MAX);
  rstdf_ = take(T_MAX);
  logits_ = take(T_MAX * V);
  dres_ = take(T_MAX * D);
  dln_ = take(T_MAX * D);
  datt_ = take(T_MAX * D);
  dqkv_ = take(T_MAX * Q);
  dpost_ = take(T_MAX * M);
  dpre_ = take(T_MAX * M);
  dlogits_ = take(T_MAX * V);
  scratch_ = take(kScratch);
  assert(next == block_.data() + block_.size());

  pos_.resize(T_MAX * D);
  float row[D];
  for (int t = 0; t < T_MAX; ++t) {
    position_encoding(t, row);
    for (int c = 0; c < D; ++c) pos_[static_cast<std::size_t>(t * D + c)] = static_cast<F>(row[c]);
  }
}

template <typename F>
double SequenceModel<F>::forward(const PreparedParams<F>& p, const int* window, int T) {
  assert(T >= 1 && T <= T_MAX);
  T_ = T;
  for (int t = 0; t < T; ++t) {
    ids_[static_cast<std::size_t>(t)] = window[t];
    targets_[static_cast<std::size_t>(t)] = window[t + 1];
  }
  const ParamOffsets& o = param_offsets();
  const F* w = p.params;

  ops::embed_forward(x0_, w + o.embed, pos_.data(), ids_.data(), T);
  const F* x = x0_;
  for (int l = 0; l < kLayers; ++l) {
    const auto& L = o.layers[static_cast<std::size_t>(l)];
    const auto& P = p.layers[static_cast<std::size_t>(l)];
    LayerCache& c = layers_[static_cast<std::size_t>(l)];
    // Attention block: res1 = x + o(attention(qkv(ln1(x)))).
    ops::layernorm_forward(c.ln1, c.mean1, c.rstd1, x, w + L.ln1_w, w + L.ln1_b, T, D);
    ops::linear_forward(c.qkv, c.ln1, P.qkv_t, static_cast<const F*>(nullptr), T, D, Q);
    ops::attention_forward(c.att, c.probs, c.qkv, T, scratch_);
    ops::linear_forward(c.res1, c.att, P.o_t, static_cast<const F*>(nullptr), T, D, D);
    for (int i = 0; i < T * D; ++i) c.res1[i] = x[i] + c.res1[i];
    // MLP block: res2 = res1 + proj(gelu(fc(ln2(res1)))).
    ops::layernorm_forward(c.ln2, c.mean2, c.rstd2, c.res1, w + L.ln2_w, w + L.ln2_b, T, D);
    ops::linear_forward(c.pre, c.ln2, P.fc_t, w + L.fc_b, T, D, M);
    ops::gelu_forward(c.post, c.slope, c.pre, T * M);
    ops::linear_forward(c.res2, c.post, P.proj_t, w + L.proj_b, T, M, D);
    for (int i = 0; i < T * D; ++i) c.res2[i] = c.res1[i] + c.res2[i];
    x = c.res2;
  }
  ops::layernorm_forward(lnf_, meanf_, rstdf_, x, w + o.lnf_w, w + o.lnf_b, T, D);
  ops::linear_forward(logits_, lnf_, p.unembed_t, w + o.unembed_b, T, D, V);
  return ops::cross_entropy(static_cast<F*>(nullptr), logits_, targets_.data(), T, V, V, F(1));
}

template <typename F>
void SequenceModel<F>::backward(const PreparedParams<F>& p, F* grads, F scale) {
  const int T = T_;
  const ParamOffsets& o = param_offsets();
  const F* w = p.params;
  F* g = grads;

  ops::cross_entropy(dlogits_, logits_, targets_.data(), T, V, V, scale);
  ops::linear_backward(dln_, g + o.unembed_w, g + o.unembed_b, dlogits_, lnf_, w + o.unembed_w, T, D, V);
  std::fill(dres_, dres_ + T * D, F(0));
  const F* x_last = layers_[kLayers - 1].res2;
  ops::layernorm_backward(dres_, g + o.lnf_w, g + o.lnf_b, dln_, x_last, meanf_, rstdf_, w + o.lnf_w, T, D);

  // dres_ is the residual stream's gradient; each block adds its branch's share in place.
  for (int l = kLayers - 1; l >= 0; --l) {
    const auto& L = o.layers[static_cast<std::size_t>(l)];
    LayerCache& c = layers_[static_cast<std::size_t>(l)];
    const F* x_in = l == 0 ? x0_ : layers_[static_cast<std::size_t>(l - 1)].res2;
    // MLP branch.
    ops::linear_backward(dpost_, g + L.proj_w, g + L.proj_b, dres_, c.post, w + L.proj_w, T, M, D);
    ops::gelu_backward(dpre_, dpost_, c.slope, T * M);
    ops::linear_backward(dln_, g + L.fc_w, g + L.fc_b, dpre_, c.ln2, w + L.fc_w, T, D, M);
    ops::layernorm_backward(dres_, g + L.ln2_w, g + L.ln2_b, dln_, c.res1, c.mean2, c.rstd2, w + L.ln2_w, T, D);
    // Attention branch.
    ops::linear_backward(datt_, g + L.o, static_cast<F*>(nullptr), dres_, c.att, w + L.o, T, D, D);
    ops::attention_backward(dqkv_, datt_, c.probs, c.qkv, T, scratch_);
    ops::linear_backward(dln_, g + L.qkv, static_cast<F*>(nullptr), dqkv_, c.ln1, w + L.qkv, T, D, Q);
    ops::layernorm_backward(dres_, g + L.ln1_w, g + L.ln1_b, dln_, x_in, c.mean1, c.rstd1, w + L.ln1_w, T, D);
  }
  ops::embed_backward(g + o.embed, dres_, ids_.data(), T);
}

template class PreparedParams<float>;
template class PreparedParams<double>;
template class SequenceModel<float>;
template class SequenceModel<double>;

}  // namespace am::train

#include "am/train/model_grad.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

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
// The kernels' stack buffers hold the model's rows (ops.hpp's preconditions).
static_assert(D <= ops::kMaxNormWidth && V <= ops::kMaxVocab);
// Every slice of SequenceModel's block is whole cache lines (16 floats), so each one
// starts on a line.
constexpr bool whole_lines(std::size_t floats) { return floats % 16 == 0; }
static_assert(whole_lines(T_MAX) && whole_lines(T_MAX * D) && whole_lines(T_MAX * Q) &&
              whole_lines(T_MAX * M) && whole_lines(T_MAX * V) && whole_lines(kHeads * T_MAX * T_MAX) &&
              whole_lines(kScratch));

// The offset of `name` in `table`, checked to hold `count` floats inside the parameter
// block: the trainer reads exactly that many from there.
Result<std::size_t> offset_of(const std::vector<TensorInfo>& table, const std::string& name,
                              std::size_t count) {
  const auto it =
      std::find_if(table.begin(), table.end(), [&](const TensorInfo& t) { return t.name == name; });
  if (it == table.end()) return fail("the parameter table has no " + name);
  if (it->count != count)
    return fail(name + " holds " + std::to_string(it->count) + " values; the trainer reads " +
                std::to_string(count));
  if (it->offset > kParamCount || count > kParamCount - it->offset)
    return fail(name + " runs past the end of the parameter block");
  return it->offset;
}

}  // namespace

Result<ParamOffsets> param_offsets_from(const std::vector<TensorInfo>& table) {
  std::string error;
  const auto at = [&](const std::string& name, std::size_t count) -> std::size_t {
    Result<std::size_t> offset = offset_of(table, name, count);
    if (offset) return *offset;
    if (error.empty()) error = offset.error();
    return 0;
  };
  ParamOffsets o{};
  o.embed = at("embed.weight", V * D);
  for (int l = 0; l < kLayers && error.empty(); ++l) {
    const std::string p = "blocks." + std::to_string(l) + ".";
    auto& L = o.layers[static_cast<std::size_t>(l)];
    L.ln1_w = at(p + "ln1.weight", D);
    L.ln1_b = at(p + "ln1.bias", D);
    L.qkv = at(p + "attn.q.weight", D * D);
    // The fused [96, 32] view relies on k and v following q directly.
    const std::size_t k = at(p + "attn.k.weight", D * D);
    const std::size_t v = at(p + "attn.v.weight", D * D);
    if (error.empty() && (k != L.qkv + D * D || v != L.qkv + 2 * D * D))
      error = p + "attn.k and .v do not follow .q, as the fused [96, 32] view needs";
    L.o = at(p + "attn.o.weight", D * D);
    L.ln2_w = at(p + "ln2.weight", D);
    L.ln2_b = at(p + "ln2.bias", D);
    L.fc_w = at(p + "mlp.fc.weight", M * D);
    L.fc_b = at(p + "mlp.fc.bias", M);
    L.proj_w = at(p + "mlp.proj.weight", D * M);
    L.proj_b = at(p + "mlp.proj.bias", D);
  }
  o.lnf_w = at("ln_f.weight", D);
  o.lnf_b = at("ln_f.bias", D);
  o.unembed_w = at("unembed.weight", V * D);
  o.unembed_b = at("unembed.bias", V);
  if (!error.empty()) return fail("parameter table and trainer disagree: " + error);
  return o;
}

const Result<ParamOffsets>& param_offsets() {
  static const Result<ParamOffsets> offsets = param_offsets_from(parameter_table());
  return offsets;
}

template <typename F>
void PreparedParams<F>::prepare(const F* block) {
  params = block;
  if (!param_offsets()) return;  // SequenceModel::forward reports it
  const ParamOffsets& o = *param_offsets();
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
  // Every cache is a slice of block_, sized from the same calls that hand it out, so
  // no slice can reach past the block.
  std::vector<std::pair<F**, std::size_t>> slices;  // (pointer to set, offset into block_)
  std::size_t total = 0;
  const auto take = [&](F*& slot, std::size_t n) {
    slices.emplace_back(&slot, total);
    total += n;
  };
  take(x0_, T_MAX * D);
  for (auto& L : layers_) {
    take(L.ln1, T_MAX * D);
    take(L.mean1, T_MAX);
    take(L.rstd1, T_MAX);
    take(L.qkv, T_MAX * Q);
    take(L.probs, kHeads * T_MAX * T_MAX);
    take(L.att, T_MAX * D);
    take(L.res1, T_MAX * D);
    take(L.ln2, T_MAX * D);
    take(L.mean2, T_MAX);
    take(L.rstd2, T_MAX);
    take(L.pre, T_MAX * M);
    take(L.post, T_MAX * M);
    take(L.slope, T_MAX * M);
    take(L.res2, T_MAX * D);
  }
  take(lnf_, T_MAX * D);
  take(meanf_, T_MAX);
  take(rstdf_, T_MAX);
  take(logits_, T_MAX * V);
  take(dres_, T_MAX * D);
  take(dln_, T_MAX * D);
  take(datt_, T_MAX * D);
  take(dqkv_, T_MAX * Q);
  take(dpost_, T_MAX * M);
  take(dpre_, T_MAX * M);
  take(dlogits_, T_MAX * V);
  take(scratch_, kScratch);
  block_.assign(total, F(0));
  for (const auto& [slot, offset] : slices) *slot = block_.data() + offset;

  pos_.resize(T_MAX * D);
  float row[D];
  for (int t = 0; t < T_MAX; ++t) {
    position_encoding(t, row);
    for (int c = 0; c < D; ++c) pos_[static_cast<std::size_t>(t * D + c)] = static_cast<F>(row[c]);
  }
}

template <typename F>
Result<double> SequenceModel<F>::forward(const PreparedParams<F>& p, const int* window, int T) {
  // The one check of the sizes and ids every kernel below relies on.
  T_ = 0;  // until this window passes: backward() then does nothing
  if (!param_offsets()) return fail(param_offsets().error());
  if (T < 1 || T > T_MAX)
    return fail("a training window holds 1 to " + std::to_string(T_MAX) + " characters, not " +
                std::to_string(T));
  for (int t = 0; t <= T; ++t)
    if (window[t] < 0 || window[t] >= V)
      return fail("character id " + std::to_string(window[t]) + " at position " + std::to_string(t) +
                  " of a training window is outside the vocabulary [0, " + std::to_string(V) + ")");
  T_ = T;
  for (int t = 0; t < T; ++t) {
    ids_[static_cast<std::size_t>(t)] = window[t];
    targets_[static_cast<std::size_t>(t)] = window[t + 1];
  }
  const ParamOffsets& o = *param_offsets();
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
  if (T == 0) return;  // no forward, or it failed: nothing to differentiate
  const ParamOffsets& o = *param_offsets();
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

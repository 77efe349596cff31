#include "am/model/forward.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "am/model/kernels.hpp"

namespace am {

void position_encoding(int position, float* out) {
  // out: [32]; pairs (sin, cos) from fast to slow, as in the 2017 Transformer.
  for (int i = 0; i < kDModel / 2; ++i) {
    const double freq = std::pow(static_cast<double>(kPositionBase), -2.0 * i / kDModel);
    const double angle = position * freq;
    out[2 * i] = static_cast<float>(std::sin(angle));
    out[2 * i + 1] = static_cast<float>(std::cos(angle));
  }
}

namespace {

// position_encoding() for every position of the window, computed once: the
// double-precision sin/cos/pow would otherwise dominate a forward pass.
struct PositionTable {
  float pe[kContext][kDModel];
  PositionTable() {
    for (int p = 0; p < kContext; ++p) position_encoding(p, pe[p]);
  }
};
const PositionTable& position_table() {
  static const PositionTable table;
  return table;
}

}  // namespace

std::size_t context_window_start(std::size_t length) {
  return length > static_cast<std::size_t>(kContext) ? length - kContext : 0;
}

std::span<const int> context_window(std::span<const int> ids) { return ids.subspan(context_window_start(ids.size())); }

namespace {

// One layer's attention, recording q/k/v per head, scores, weights and outputs.
// x: [T, 32] (already layer-normed) -> la.head_out: [H, T, 8]
void attention(const ParamView::Layer& p, const float* x, int T, const std::array<bool, kHeads>& pulled,
               LayerActivations& la) {
  // [T, 32] -> [H, T, 8] straight from the projections
  kernels::linear_to_heads(la.q, x, p.q, T, kDModel, kDModel);
  kernels::linear_to_heads(la.k, x, p.k, T, kDModel, kDModel);
  kernels::linear_to_heads(la.v, x, p.v, T, kDModel, kDModel);
  const float scale = 1.0f / std::sqrt(static_cast<float>(kDHead));
  for (int h = 0; h < kHeads; ++h) {
    float* out = la.head_out + h * T * kDHead;
    kernels::attention_head(la.scores + h * T * T, la.weights + h * T * T, out, la.q + h * T * kDHead,
                            la.k + h * T * kDHead, la.v + h * T * kDHead, T, scale);
    if (pulled[static_cast<std::size_t>(h)]) std::fill(out, out + T * kDHead, 0.0f);
  }
  // finish_layer reads the heads' outputs side by side ([H, T, 8] as [T, 32]) through W_O.
}

// The rest of one layer once its heads' outputs are in la: the output projection (no
// bias), the residual add and the MLP. resid: [T, 32], the stream entering the layer.
void finish_layer(const ParamView::Layer& lp, const float* resid, int T, LayerActivations& la) {
  kernels::linear_from_heads(la.attn_out, la.head_out, lp.o, nullptr, T, kDModel, kDModel);
  kernels::add(la.resid_attn, resid, la.attn_out, T * kDModel);
  kernels::layernorm(la.ln2, nullptr, nullptr, la.resid_attn, lp.ln2_w, lp.ln2_b, T, kDModel);
  kernels::linear(la.mlp_pre, la.ln2, lp.fc_w, lp.fc_b, T, kDModel, kDMlp);
  kernels::gelu(la.mlp_post, la.mlp_pre, T * kDMlp);
  kernels::linear(la.mlp_out, la.mlp_post, lp.proj_w, lp.proj_b, T, kDMlp, kDModel);
  kernels::add(la.resid_mlp, la.resid_attn, la.mlp_out, T * kDModel);
}

// The read-out from the last residual stream. resid: [T, 32] -> out.ln_f, logits, probs
void read_out(const ParamView& p, const float* resid, int T, Activations& out) {
  kernels::layernorm(out.ln_f, nullptr, nullptr, resid, p.lnf_w, p.lnf_b, T, kDModel);
  kernels::linear(out.logits, out.ln_f, p.unembed_w, p.unembed_b, T, kDModel, kVocab);
  // T == 0 (empty text): the buffers may be null, and memcpy(null, ..., 0) is undefined.
  if (T > 0) std::memcpy(out.probs, out.logits, sizeof(float) * static_cast<std::size_t>(T * kVocab));
  kernels::softmax_rows(out.probs, T, kVocab);
}

// The residual stream entering layer l: x0, or the earlier layer's output.
const float* stream_before(const Activations& out, int l) {
  return l == 0 ? out.x0 : out.layers[static_cast<std::size_t>(l - 1)].resid_mlp;
}

// Layers first_layer.. and the readout, from the residual stream before first_layer
// (out.x0, or the earlier layer's resid_mlp already in out). out: sized for T.
void run_layers(const ParamView& p, int T, const HeadMask& pulled, int first_layer, Activations& out) {
  const float* resid = stream_before(out, first_layer);
  for (int l = first_layer; l < kLayers; ++l) {
    const auto& lp = p.layers[static_cast<std::size_t>(l)];
    LayerActivations& la = out.layers[static_cast<std::size_t>(l)];
    kernels::layernorm(la.ln1, nullptr, nullptr, resid, lp.ln1_w, lp.ln1_b, T, kDModel);
    attention(lp, la.ln1, T, pulled.pulled[static_cast<std::size_t>(l)], la);
    finish_layer(lp, resid, T, la);
    resid = la.resid_mlp;
  }
  read_out(p, resid, T, out);
}


}  // namespace

void forward(const Weights& weights, std::span<const int> all_ids, const HeadMask& pulled,
             Activations& out) {
  const std::span<const int> ids = context_window(all_ids);
  const int T = static_cast<int>(ids.size());
  out.resize(T);
  const ParamView p = weights.view();

  // embed, pos, x0: [T, 32]
  for (int t = 0; t < T; ++t) {
    const int id = std::clamp(ids[static_cast<std::size_t>(t)], 0, kVocab - 1);
    std::memcpy(out.embed + t * kDModel, p.embed + id * kDModel, sizeof(float) * kDModel);
    std::memcpy(out.pos + t * kDModel, position_table().pe[t], sizeof(float) * kDModel);
  }
  kernels::add(out.x0, out.embed, out.pos, T * kDModel);

  run_layers(p, T, pulled, 0, out);
}

void forward_reusing(const Weights& weights, std::span<const int> all_ids, const HeadMask& pulled,
                     const Activations& base, const HeadMask& base_pulled, Activations& out) {
  const int T = static_cast<int>(context_window(all_ids).size());
  if (base.length() != T || &base == &out) return forward(weights, all_ids, pulled, out);
  int first = 0;  // the first layer whose pulled heads differ: everything before it is shared
  while (first < kLayers && pulled.pulled[static_cast<std::size_t>(first)] == base_pulled.pulled[static_cast<std::size_t>(first)])
    ++first;
  out.resize(T);
  // The block is laid out in order (embed, pos, x0, layer 0, layer 1, ...): the shared part
  // is one prefix of it.
  const std::size_t shared = first < kLayers ? static_cast<std::size_t>(out.layers[static_cast<std::size_t>(first)].ln1 - out.embed)
                                             : base.block().size();
  std::copy_n(base.block().data(), shared, out.embed);
  if (first < kLayers) run_layers(weights.view(), T, pulled, first, out);
}

void resume_forward_from_residual(const Weights& weights, const HeadMask& pulled, int layer, Activations& acts) {
  run_layers(weights.view(), acts.length(), pulled, std::clamp(layer, 0, kLayers), acts);
}

void resume_forward_after_heads(const Weights& weights, const HeadMask& pulled, int layer, Activations& acts) {
  const ParamView p = weights.view();
  const int T = acts.length();
  const int l = std::clamp(layer, 0, kLayers - 1);
  finish_layer(p.layers[static_cast<std::size_t>(l)], stream_before(acts, l), T, acts.layers[static_cast<std::size_t>(l)]);
  run_layers(p, T, pulled, l + 1, acts);
}

void attention_output_and_mlp(const Weights& weights, int layer, const float* resid, int T, LayerActivations& la) {
  finish_layer(weights.view().layers[static_cast<std::size_t>(std::clamp(layer, 0, kLayers - 1))], resid, T, la);
}

Activations forward(const Weights& weights, std::span<const int> ids, const HeadMask& pulled) {
  Activations acts;
  forward(weights, ids, pulled, acts);
  return acts;
}

}  // namespace am

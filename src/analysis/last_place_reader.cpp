#include "last_place_reader.hpp"

#include <algorithm>
#include <cmath>

#include "am/model/forward.hpp"
#include "am/model/kernels.hpp"

namespace am::analysis {

namespace {
constexpr int kLast = kLayers - 1;

const float* stream_entering(const Activations& a, int layer) {
  return layer == 0 ? a.x0 : a.layers[static_cast<std::size_t>(layer - 1)].resid_mlp;
}
}  // namespace

LastPlaceReader::LastPlaceReader(const Weights& weights, const HeadMask& pulled, const Activations& base)
    : weights_(weights), pulled_(pulled), base_(base) {}

const float* LastPlaceReader::finish_last(const float* resid_row) {
  LayerActivations& la = row_.layers[kLast];
  attention_output_and_mlp(weights_, kLast, resid_row, 1, la);
  resume_forward_from_residual(weights_, pulled_, kLayers, row_);  // the read-out of one row
  return row_.logits;
}

const float* LastPlaceReader::with_last_heads(const float* head_out) {
  const int last = base_.length() - 1;
  std::copy_n(head_out, kHeads * kDHead, row_.layers[kLast].head_out);
  return finish_last(stream_entering(base_, kLast) + last * kDModel);
}

const float* LastPlaceReader::layer_row(int layer, int position, const float* head_out) {
  LayerActivations& la = row_.layers[static_cast<std::size_t>(layer)];
  std::copy_n(head_out, kHeads * kDHead, la.head_out);
  attention_output_and_mlp(weights_, layer, stream_entering(base_, layer) + position * kDModel, 1, la);
  return la.resid_mlp;
}

const float* LastPlaceReader::with_stream_row(int position, const float* row) {
  const int T = base_.length(), last = T - 1;
  const ParamView params = weights_.view();
  const ParamView::Layer& lp = params.layers[kLast];
  const LayerActivations& b = base_.layers[kLast];
  LayerActivations& r = row_.layers[kLast];
  // The changed row's key and value (and query, if it is the last row): [H, 1, 8] each.
  kernels::layernorm(r.ln1, nullptr, nullptr, row, lp.ln1_w, lp.ln1_b, 1, kDModel);
  kernels::linear_to_heads(r.k, r.ln1, lp.k, 1, kDModel, kDModel);
  kernels::linear_to_heads(r.v, r.ln1, lp.v, 1, kDModel, kDModel);
  kernels::linear_to_heads(r.q, r.ln1, lp.q, 1, kDModel, kDModel);
  // The last query's attention per head: scores [last + 1] -> softmax -> Σ weight · v: [8].
  const float scale = 1.0f / std::sqrt(static_cast<float>(kDHead));
  float scores[kContext];
  float head_out[kHeads * kDHead];
  for (int h = 0; h < kHeads; ++h) {
    float* out = head_out + h * kDHead;
    std::fill(out, out + kDHead, 0.0f);
    if (pulled_.pulled[kLast][static_cast<std::size_t>(h)]) continue;
    const auto key = [&](int j) { return j == position ? r.k + h * kDHead : b.k + (h * T + j) * kDHead; };
    const auto value = [&](int j) { return j == position ? r.v + h * kDHead : b.v + (h * T + j) * kDHead; };
    const float* q = position == last ? r.q + h * kDHead : b.q + (h * T + last) * kDHead;
    for (int j = 0; j <= last; ++j) {
      float s = 0.0f;
      for (int d = 0; d < kDHead; ++d) s += q[d] * key(j)[d];
      scores[j] = s * scale;
    }
    kernels::softmax_row(scores, last + 1);
    for (int j = 0; j <= last; ++j)
      for (int d = 0; d < kDHead; ++d) out[d] += scores[j] * value(j)[d];
  }
  std::copy_n(head_out, kHeads * kDHead, r.head_out);
  return finish_last(position == last ? row : stream_entering(base_, kLast) + last * kDModel);
}

}  // namespace am::analysis

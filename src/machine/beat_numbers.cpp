#include "am/machine/beat_numbers.hpp"

#include <algorithm>
#include <cmath>

namespace am::machine {
namespace {

template <std::size_t N>
void copy_recorded(std::array<float, N>& out, const float* row) {
  std::copy(row, row + N, out.begin());
}

const float* recorded_head_row(const float* tensor, int head, int T, int position, int width) {
  return tensor + (static_cast<std::size_t>(head) * T + position) * width;
}

// The residual stream going into a layer: the embedding sum for the first, else the
// stream after the layer before.
const float* stream_into_layer(const Activations& acts, int layer) {
  return layer == 0 ? acts.x0 : acts.layers[static_cast<std::size_t>(layer - 1)].resid_mlp;
}

}  // namespace

void add_number(BeatNumbers& out, std::string name, double value) {
  out.push_back({std::move(name), {value}, true});
}

void add_list(BeatNumbers& out, std::string name, const float* values, int count) {
  out.push_back({std::move(name), std::vector<double>(values, values + count), false});
}

void add_list(BeatNumbers& out, std::string name, const std::vector<double>& values) {
  out.push_back({std::move(name), values, false});
}

const BeatNumber* find_number(const BeatNumbers& numbers, const std::string& name) {
  for (const BeatNumber& n : numbers)
    if (n.name == name) return &n;
  return nullptr;
}

EmbeddingSum embedding_sum(const Activations& acts, int position) {
  EmbeddingSum e;
  const std::size_t at = static_cast<std::size_t>(position) * kDModel;
  copy_recorded(e.embedding, acts.embed + at);
  copy_recorded(e.position, acts.pos + at);
  copy_recorded(e.sum, acts.x0 + at);
  return e;
}

QueryKey query_key(const Activations& acts, int layer, int head, int query, int key) {
  const LayerActivations& la = acts.layers[static_cast<std::size_t>(layer)];
  const int T = acts.length();
  QueryKey qk;
  copy_recorded(qk.query, recorded_head_row(la.q, head, T, query, kDHead));
  copy_recorded(qk.key, recorded_head_row(la.k, head, T, key, kDHead));
  for (int d = 0; d < kDHead; ++d) {
    qk.products[static_cast<std::size_t>(d)] =
        qk.query[static_cast<std::size_t>(d)] * qk.key[static_cast<std::size_t>(d)];
    qk.dot += static_cast<double>(qk.products[static_cast<std::size_t>(d)]);
  }
  qk.score = qk.dot / std::sqrt(static_cast<double>(kDHead));
  return qk;
}

SoftmaxRow softmax_row(const Activations& acts, int layer, int head, int query) {
  const LayerActivations& la = acts.layers[static_cast<std::size_t>(layer)];
  const int T = acts.length();
  const float* scores = recorded_head_row(la.scores, head, T, query, T);
  const float* weights = recorded_head_row(la.weights, head, T, query, T);
  SoftmaxRow row;
  for (int j = 0; j <= query; ++j) {
    row.scores.push_back(scores[j]);
    row.exp.push_back(std::exp(static_cast<double>(scores[j])));
    row.exp_sum += row.exp.back();
    row.weights.push_back(weights[j]);
  }
  return row;
}

HeadMix head_mix(const Activations& acts, int layer, int head, int query) {
  const LayerActivations& la = acts.layers[static_cast<std::size_t>(layer)];
  const int T = acts.length();
  HeadMix m;
  const float* weights = recorded_head_row(la.weights, head, T, query, T);
  for (int j = 0; j <= query; ++j) {
    m.weights.push_back(weights[j]);
    std::array<float, kDHead> v{};
    copy_recorded(v, recorded_head_row(la.v, head, T, j, kDHead));
    m.values.push_back(v);
  }
  copy_recorded(m.head_output, recorded_head_row(la.head_out, head, T, query, kDHead));
  const std::size_t at = static_cast<std::size_t>(query) * kDModel;
  copy_recorded(m.attention_out, la.attn_out + at);
  copy_recorded(m.stream_before, stream_into_layer(acts, layer) + at);
  copy_recorded(m.stream_after, la.resid_attn + at);
  return m;
}

std::array<float, kDHead> mixed_values(const HeadMix& mix) {
  std::array<double, kDHead> sum{};
  for (std::size_t j = 0; j < mix.values.size(); ++j)
    for (std::size_t d = 0; d < kDHead; ++d) sum[d] += mix.weights[j] * static_cast<double>(mix.values[j][d]);
  std::array<float, kDHead> out{};
  for (std::size_t d = 0; d < kDHead; ++d) out[d] = static_cast<float>(sum[d]);
  return out;
}

MlpRow mlp_row(const Activations& acts, int layer, int position) {
  const LayerActivations& la = acts.layers[static_cast<std::size_t>(layer)];
  MlpRow r;
  copy_recorded(r.pre, la.mlp_pre + static_cast<std::size_t>(position) * kDMlp);
  copy_recorded(r.post, la.mlp_post + static_cast<std::size_t>(position) * kDMlp);
  const std::size_t at = static_cast<std::size_t>(position) * kDModel;
  copy_recorded(r.out, la.mlp_out + at);
  copy_recorded(r.stream_before, la.resid_attn + at);
  copy_recorded(r.stream_after, la.resid_mlp + at);
  copy_recorded(r.final_norm, acts.ln_f + at);
  copy_recorded(r.logits, acts.logits + static_cast<std::size_t>(position) * kVocab);
  copy_recorded(r.probabilities, acts.probs + static_cast<std::size_t>(position) * kVocab);
  return r;
}

double gelu(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }

std::int64_t causal_cells(std::int64_t n) { return n * (n + 1) / 2; }

CacheCounts cache_counts(int typed) {
  CacheCounts c;
  const std::int64_t n = std::max(typed, 1);
  constexpr std::int64_t kAllHeads = static_cast<std::int64_t>(kLayers) * kHeads;
  c.scores_computed = n;
  c.cached_keys = n - 1;
  c.dot_products_with_cache = kAllHeads * causal_cells(n);
  for (std::int64_t k = 1; k <= n; ++k) c.dot_products_without_cache += kAllHeads * causal_cells(k);
  return c;
}

}  // namespace am::machine

#include "am/analysis/attribution.hpp"

#include <cmath>
#include <numeric>

namespace am::analysis {

namespace {

// One score read out of the final norm with its σ frozen: score = Σ_k s_k (x_k − mean x) + c
// for the residual row x, where s_k = γ_k d_k / σ (d: the read-out direction) and
// c = Σ_k d_k β_k + the read-out's bias. Linear in x, so it splits over the parts of x.
struct FrozenRead {
  std::array<double, kDModel> scale{};
  double scale_sum = 0.0;
  double constant = 0.0;

  // v: [32] -> its centred share of the score
  template <typename F>
  double term(const F* v) const {
    double dot = 0.0, total = 0.0;
    for (int k = 0; k < kDModel; ++k) {
      dot += scale[static_cast<std::size_t>(k)] * static_cast<double>(v[k]);
      total += static_cast<double>(v[k]);
    }
    return dot - total / kDModel * scale_sum;
  }
};

// σ of the final residual row the real pass normed (its variance is over the 32 numbers).
double frozen_sigma(const float* row) {
  double mean = 0.0;
  for (int k = 0; k < kDModel; ++k) mean += row[k];
  mean /= kDModel;
  double var = 0.0;
  for (int k = 0; k < kDModel; ++k) var += (row[k] - mean) * (row[k] - mean);
  return std::sqrt(var / kDModel + static_cast<double>(kLayerNormEps));
}

// The read-out of target minus (if versus >= 0) the read-out of versus, frozen at `row`.
FrozenRead frozen_read(const ParamView& p, const float* row, int target, int versus) {
  FrozenRead r;
  const double inv_sigma = 1.0 / frozen_sigma(row);
  r.constant = p.unembed_b[target] - (versus >= 0 ? p.unembed_b[versus] : 0.0f);
  for (int k = 0; k < kDModel; ++k) {
    double d = p.unembed_w[target * kDModel + k];
    if (versus >= 0) d -= p.unembed_w[versus * kDModel + k];
    r.scale[static_cast<std::size_t>(k)] = p.lnf_w[k] * d * inv_sigma;
    r.constant += d * p.lnf_b[k];
  }
  r.scale_sum = std::accumulate(r.scale.begin(), r.scale.end(), 0.0);
  return r;
}

// W_O's columns for one head times an 8-vector. o: [32 out, 32 in]; v: [8] -> out: [32]
void through_w_o(const float* o, int head, const float* v, double* out) {
  for (int k = 0; k < kDModel; ++k) {
    double s = 0.0;
    for (int j = 0; j < kDHead; ++j) s += static_cast<double>(o[k * kDModel + head * kDHead + j]) * v[j];
    out[k] = s;
  }
}

void split_head(const ParamView& p, const Activations& acts, const FrozenRead& read, int layer, int head,
                int place, Attribution& a) {
  const int T = acts.length();
  const LayerActivations& la = acts.layers[static_cast<std::size_t>(layer)];
  const float* o = p.layers[static_cast<std::size_t>(layer)].o;
  double vec[kDModel];
  through_w_o(o, head, la.head_out + (head * T + place) * kDHead, vec);
  a.parts[static_cast<std::size_t>(head_part(layer, head))] = read.term(vec);
  // By source: head_out = Σ_j weight(place, j) · v_j, and everything after is linear.
  auto& sources = a.by_source[static_cast<std::size_t>(layer * kHeads + head)];
  sources.assign(static_cast<std::size_t>(place + 1), 0.0);
  const float* weights = la.weights + (head * T + place) * T;
  for (int j = 0; j <= place; ++j) {
    through_w_o(o, head, la.v + (head * T + j) * kDHead, vec);
    sources[static_cast<std::size_t>(j)] = weights[j] * read.term(vec);
  }
}

}  // namespace

std::string attribution_part_name(int part) {
  if (part == kEmbedPart) return "embed";
  if (part == kPosPart) return "pos";
  if (part == kBiasPart) return "bias";
  if (part >= mlp_part(0) && part < mlp_part(kLayers)) return "mlp" + std::to_string(part - mlp_part(0) + 1);
  if (part >= head_part(0, 0) && part < head_part(kLayers, 0))
    return head_name((part - head_part(0, 0)) / kHeads, (part - head_part(0, 0)) % kHeads);
  return "";
}

int attribution_part_index(const std::string& name) {
  for (int i = 0; i < kAttributionParts; ++i)
    if (attribution_part_name(i) == name) return i;
  return -1;
}

double Attribution::sum() const { return std::accumulate(parts.begin(), parts.end(), 0.0); }

int favourite(const Activations& acts, int place) { return best_other(acts, place, -1); }

int best_other(const Activations& acts, int place, int except) {
  if (place < 0 || place >= acts.length()) return -1;
  const float* row = acts.logits + place * kVocab;
  int best = -1;
  for (int c = 0; c < kVocab; ++c)
    if (c != except && (best < 0 || row[c] > row[best])) best = c;
  return best;
}

Attribution attribute_difference(const Weights& weights, const Activations& acts, const HeadMask& pulled,
                                 int target, int versus, int place) {
  Attribution a;
  const int T = acts.length();
  if (place < 0) place = T - 1;
  if (place < 0 || place >= T || target < 0 || target >= kVocab || versus >= kVocab) return a;
  a.target = target;
  a.versus = versus;
  a.place = place;
  const ParamView p = weights.view();
  const float* final_row = acts.layers[kLayers - 1].resid_mlp + place * kDModel;
  const FrozenRead read = frozen_read(p, final_row, target, versus);
  a.parts[kEmbedPart] = read.term(acts.embed + place * kDModel);
  a.parts[kPosPart] = read.term(acts.pos + place * kDModel);
  for (int l = 0; l < kLayers; ++l) {
    for (int h = 0; h < kHeads; ++h) {
      if (pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]) {
        a.by_source[static_cast<std::size_t>(l * kHeads + h)].assign(static_cast<std::size_t>(place + 1),
                                                                     0.0);
        continue;  // its output was zeroed: it wrote nothing
      }
      split_head(p, acts, read, l, h, place, a);
    }
    a.parts[static_cast<std::size_t>(mlp_part(l))] =
        read.term(acts.layers[static_cast<std::size_t>(l)].mlp_out + place * kDModel);
  }
  a.parts[kBiasPart] = read.constant;
  const float* logits = acts.logits + place * kVocab;
  a.logit = logits[target] - (versus >= 0 ? logits[versus] : 0.0f);
  return a;
}

Attribution attribute(const Weights& weights, const Activations& acts, const HeadMask& pulled, int target,
                      int place) {
  return attribute_difference(weights, acts, pulled, target, -1, place);
}

}  // namespace am::analysis

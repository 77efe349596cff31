// Olsson et al.'s copying score: does a head's OV circuit, read straight out through the
// unembedding, raise the logit of the very token it attends to?
#include <algorithm>
#include <cmath>

#include "am/analysis/circuit_scores.hpp"
#include "am/model/forward.hpp"

namespace am::analysis {

namespace {

// x: [32] -> out: [32], LayerNorm with scale g and bias b.
void layer_norm(const double* x, const float* g, const float* b, double* out) {
  double mean = 0.0, var = 0.0;
  for (int c = 0; c < kDModel; ++c) mean += x[c];
  mean /= kDModel;
  for (int c = 0; c < kDModel; ++c) var += (x[c] - mean) * (x[c] - mean);
  var /= kDModel;
  const double inv = 1.0 / std::sqrt(var + static_cast<double>(kLayerNormEps));
  for (int c = 0; c < kDModel; ++c) out[c] = (x[c] - mean) * inv * g[c] + b[c];
}

}  // namespace

double copying_score(const Weights& w, int layer, int head) {
  const ParamView p = w.view();
  const auto& L = p.layers[static_cast<std::size_t>(layer)];
  double own = 0.0, all = 0.0;
  float pe[kDModel];
  for (int pos = 0; pos < kContext; ++pos) {
    position_encoding(pos, pe);
    for (int t = 0; t < kVocab; ++t) {
      // x: [32] what the head reads for token t at this position
      double x[kDModel], ln[kDModel];
      for (int c = 0; c < kDModel; ++c) x[c] = static_cast<double>(p.embed[t * kDModel + c]) + pe[c];
      layer_norm(x, L.ln1_w, L.ln1_b, ln);
      // v: [8] = W_V[head rows] ln;  o: [32] = W_O[:, head cols] v
      double v[kDHead] = {}, o[kDModel] = {};
      for (int r = 0; r < kDHead; ++r)
        for (int c = 0; c < kDModel; ++c) v[r] += static_cast<double>(L.v[(head * kDHead + r) * kDModel + c]) * ln[c];
      for (int r = 0; r < kDModel; ++r)
        for (int c = 0; c < kDHead; ++c) o[r] += static_cast<double>(L.o[r * kDModel + head * kDHead + c]) * v[c];
      // final LayerNorm's centring and scale, then the unembedding (no bias: it is the
      // same for every token and the mean is subtracted next)
      double mean = 0.0;
      for (double d : o) mean += d;
      mean /= kDModel;
      double logit[kVocab] = {}, logit_mean = 0.0;
      for (int u = 0; u < kVocab; ++u) {
        for (int c = 0; c < kDModel; ++c)
          logit[u] += static_cast<double>(p.unembed_w[u * kDModel + c]) * p.lnf_w[c] * (o[c] - mean);
        logit_mean += logit[u];
      }
      logit_mean /= kVocab;
      for (double& l : logit) all += l = std::max(0.0, l - logit_mean);
      own += logit[t];
    }
  }
  return all > 0.0 ? 2.0 * own / all - 1.0 : 0.0;
}

PerHead<double> copying_scores(const Weights& w) {
  PerHead<double> s{};
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) s[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] = copying_score(w, l, h);
  return s;
}

}  // namespace am::analysis

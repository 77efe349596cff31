// K-composition (Elhage et al. 2021): how much a layer-2 head's keys read what a layer-1
// head wrote, as a Frobenius-norm ratio, minus what random matrices of the same shapes
// give by chance.
#include <cmath>
#include <random>
#include <vector>

#include "am/analysis/circuit_scores.hpp"

namespace am::analysis {

namespace {

using Mat = std::vector<double>;  // row-major

// a: [n, m] · b: [m, k] -> [n, k]
Mat matmul(const Mat& a, const Mat& b, int n, int m, int k) {
  Mat c(static_cast<std::size_t>(n * k), 0.0);
  for (int i = 0; i < n; ++i)
    for (int x = 0; x < m; ++x) {
      const double av = a[static_cast<std::size_t>(i * m + x)];
      for (int j = 0; j < k; ++j) c[static_cast<std::size_t>(i * k + j)] += av * b[static_cast<std::size_t>(x * k + j)];
    }
  return c;
}

Mat transpose(const Mat& a, int n, int m) {
  Mat t(a.size());
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) t[static_cast<std::size_t>(j * n + i)] = a[static_cast<std::size_t>(i * m + j)];
  return t;
}

double frobenius(std::span<const double> a) {
  double s = 0.0;
  for (double v : a) s += v * v;
  return std::sqrt(s);
}

// LayerNorm as a linear map on its input: diag(γ) · (I - 11ᵀ/d), [32, 32].
Mat layer_norm_map(const float* gamma) {
  Mat m(static_cast<std::size_t>(kDModel * kDModel));
  for (int i = 0; i < kDModel; ++i)
    for (int j = 0; j < kDModel; ++j)
      m[static_cast<std::size_t>(i * kDModel + j)] = gamma[i] * ((i == j ? 1.0 : 0.0) - 1.0 / kDModel);
  return m;
}

// The head's rows of a [32 out, 32 in] projection: [8, 32].
Mat head_rows(const float* w, int head) {
  Mat m(static_cast<std::size_t>(kDHead * kDModel));
  for (int r = 0; r < kDHead; ++r)
    for (int c = 0; c < kDModel; ++c)
      m[static_cast<std::size_t>(r * kDModel + c)] = w[(head * kDHead + r) * kDModel + c];
  return m;
}

// The head's columns of the output projection: [32, 8].
Mat head_cols(const float* w, int head) {
  Mat m(static_cast<std::size_t>(kDModel * kDHead));
  for (int r = 0; r < kDModel; ++r)
    for (int c = 0; c < kDHead; ++c) m[static_cast<std::size_t>(r * kDHead + c)] = w[r * kDModel + head * kDHead + c];
  return m;
}

Mat gaussian(int n, int m, std::mt19937_64& rng) {
  // Box-Muller on our own uniform reduction, so every platform draws the same numbers
  Mat a(static_cast<std::size_t>(n * m));
  const auto uniform = [&] { return (static_cast<double>(rng() >> 11) + 0.5) * 0x1.0p-53; };
  for (double& v : a) v = std::sqrt(-2.0 * std::log(uniform())) * std::cos(2.0 * 3.14159265358979323846 * uniform());
  return a;
}

}  // namespace

double composition_ratio(std::span<const double> qk, std::span<const double> ov, int d) {
  const Mat a(qk.begin(), qk.end()), b(ov.begin(), ov.end());
  const Mat prod = matmul(a, b, d, d, d);
  const double denom = frobenius(qk) * frobenius(ov);
  return denom > 0.0 ? frobenius(prod) / denom : 0.0;
}

double composition_baseline(int samples, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  double sum = 0.0;
  for (int s = 0; s < samples; ++s) {
    // the same low-rank shapes as the model's: W_QK = Qᵀ K and W_OV = O V, rank 8
    const Mat q = gaussian(kDHead, kDModel, rng), k = gaussian(kDHead, kDModel, rng);
    const Mat o = gaussian(kDModel, kDHead, rng), v = gaussian(kDHead, kDModel, rng);
    const Mat qk = matmul(transpose(q, kDHead, kDModel), k, kDModel, kDHead, kDModel);
    const Mat ov = matmul(o, v, kDModel, kDHead, kDModel);
    sum += composition_ratio(qk, ov, kDModel);
  }
  return samples > 0 ? sum / samples : 0.0;
}

KComposition k_composition(const Weights& w, int baseline_samples, std::uint64_t seed) {
  const ParamView p = w.view();
  const auto& l1 = p.layers[0];
  const auto& l2 = p.layers[1];
  const Mat ln1 = layer_norm_map(l1.ln1_w), ln2 = layer_norm_map(l2.ln1_w);
  KComposition out;
  for (int a = 0; a < kHeads; ++a) {
    // W_OV¹ = O_a V_a C Γ₁: [32, 32]
    const Mat ov = matmul(matmul(head_cols(l1.o, a), head_rows(l1.v, a), kDModel, kDHead, kDModel), ln1, kDModel,
                          kDModel, kDModel);
    for (int b = 0; b < kHeads; ++b) {
      // W_QK² = (Q_b C Γ₂)ᵀ (K_b C Γ₂): [32, 32]
      const Mat q = matmul(head_rows(l2.q, b), ln2, kDHead, kDModel, kDModel);
      const Mat k = matmul(head_rows(l2.k, b), ln2, kDHead, kDModel, kDModel);
      const Mat qk = matmul(transpose(q, kDHead, kDModel), k, kDModel, kDHead, kDModel);
      out.raw[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = composition_ratio(qk, ov, kDModel);
    }
  }
  out.baseline = composition_baseline(baseline_samples, seed);
  return out;
}

}  // namespace am::analysis

#include "am/model/kernels.hpp"

#include <cmath>

namespace am::kernels {

void linear(float* out, const float* in, const float* W, const float* bias, int T, int K, int N) {
  for (int t = 0; t < T; ++t) {
    const float* x = in + t * K;
    float* y = out + t * N;
    for (int n = 0; n < N; ++n) {
      const float* w = W + n * K;
      float acc = 0.0f;
      for (int k = 0; k < K; ++k) acc += x[k] * w[k];
      y[n] = acc + (bias ? bias[n] : 0.0f);
    }
  }
}

void layernorm(float* out, float* mean, float* rstd, const float* in, const float* w,
               const float* b, int T, int C) {
  for (int t = 0; t < T; ++t) {
    const float* x = in + t * C;
    float* y = out + t * C;
    float m = 0.0f;
    for (int c = 0; c < C; ++c) m += x[c];
    m /= static_cast<float>(C);
    float var = 0.0f;
    for (int c = 0; c < C; ++c) var += (x[c] - m) * (x[c] - m);
    var /= static_cast<float>(C);
    const float r = 1.0f / std::sqrt(var + 1e-5f);
    for (int c = 0; c < C; ++c) y[c] = (x[c] - m) * r * w[c] + b[c];
    if (mean) mean[t] = m;
    if (rstd) rstd[t] = r;
  }
}

float erf_approx(float x) { return std::erf(x); }

void gelu(float* out, const float* in, int n) {
  constexpr float kInvSqrt2 = 0.70710678118654752f;
  for (int i = 0; i < n; ++i) out[i] = 0.5f * in[i] * (1.0f + erf_approx(in[i] * kInvSqrt2));
}

void softmax_row(float* row, int n) {
  if (n <= 0) return;
  float mx = row[0];
  for (int i = 1; i < n; ++i) mx = row[i] > mx ? row[i] : mx;
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) {
    row[i] = std::exp(row[i] - mx);
    sum += row[i];
  }
  const float inv = 1.0f / sum;
  for (int i = 0; i < n; ++i) row[i] *= inv;
}

}  // namespace am::kernels

// The forward kernels shared by the recording forward pass, the KV cache and
// the trainer. Row-major throughout; matrices are [out, in] like PyTorch.
#pragma once

namespace am::kernels {

// out: [T, N] = in: [T, K] · W^T (W: [N, K]) + bias: [N] (bias may be null)
void linear(float* out, const float* in, const float* W, const float* bias, int T, int K, int N);

// out: [T, C] = (in - mean) / sqrt(var + eps) * w + b, per row.
// mean, rstd: [T] (may be null) receive the statistics the backward needs.
void layernorm(float* out, float* mean, float* rstd, const float* in, const float* w,
               const float* b, int T, int C);

// out: [n] = x · Φ(x) with the exact (erf) GELU.
void gelu(float* out, const float* in, int n);

// In place over one row: row[0..n) = softmax(row[0..n)).
void softmax_row(float* row, int n);

// erf for float, accurate to a few ulp, branch-free so it vectorizes.
float erf_approx(float x);

}  // namespace am::kernels

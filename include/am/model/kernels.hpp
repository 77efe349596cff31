// The forward kernels shared by the recording forward pass, the KV cache and
// the trainer. Row-major throughout; matrices are [out, in] like PyTorch.
//
// Each kernel exists in three builds — AVX-512, AVX2+FMA and baseline x86-64 —
// and the one that runs is am::simd_level() (am/model/cpu_features.hpp), the level the
// trainer's ops use too. The fused multiply-adds of the AVX builds make results differ
// from the baseline build by float rounding only (far below 1e-6 for this model's values).
//
// Preconditions, for every kernel: each pointer holds the shape its comment gives (the
// kernels do not check sizes: the forward and the KV cache own them, cutting windows to
// kContext and clamping ids to the vocabulary before any kernel runs); sizes are >= 0,
// and a size of 0 writes nothing; outputs do not overlap inputs unless the comment says
// they may. Any size is handled: the stack buffers that fit the model (K <= 128,
// T <= 64) fall back to the heap beyond.
#pragma once

namespace am::kernels {

// out: [T, N] = in: [T, K] · W^T (W: [N, K]) + bias: [N] (bias may be null)
void linear(float* out, const float* in, const float* W, const float* bias, int T, int K, int N);

// The same with head-major matrices, the layout the forward records q, k, v and the heads'
// outputs in: [N/8, T, 8], head h's 8 values for row t at (h·T + t)·8.
// out: [N/8, T, 8] = in: [T, K] · W^T (no bias); N a multiple of 8
void linear_to_heads(float* out, const float* in, const float* W, int T, int K, int N);
// out: [T, N] = in: [K/8, T, 8] · W^T + bias; K a multiple of 8
void linear_from_heads(float* out, const float* in, const float* W, const float* bias, int T, int K,
                       int N);

// out: [n] = a + b (out may be a or b)
void add(float* out, const float* a, const float* b, int n);

// out: [T, C] = (in - mean) / sqrt(var + eps) * w + b, per row.
// mean, rstd: [T] (may be null) receive the statistics the backward needs. C >= 1.
void layernorm(float* out, float* mean, float* rstd, const float* in, const float* w,
               const float* b, int T, int C);

// out: [n] = x · Φ(x) with the exact (erf) GELU.
void gelu(float* out, const float* in, int n);

// In place over one row: row[0..n) = softmax(row[0..n)).
void softmax_row(float* row, int n);
// In place over each row of rows: [T, n].
void softmax_rows(float* rows, int T, int n);

// erf for float, within 6e-8 of the true value (float rounding); the same piecewise
// polynomial the vectorised GELU uses, so scalar callers agree with it.
float erf_approx(float x);

// One head of causal self-attention with head width 8.
// q, k, v: [T, 8] -> scores: [T, T] = q_i·k_j·scale for j <= i and exactly 0 for j > i;
// weights: [T, T] = softmax over j <= i of each scores row, exactly 0 for j > i;
// out: [T, 8] = weights · v.
void attention_head(float* scores, float* weights, float* out, const float* q, const float* k,
                    const float* v, int T, float scale);

}  // namespace am::kernels

// The trainer's kernels: a forward and a hand-written backward for every op of
// the model. Row-major throughout; a matrix W is stored [out, in] like PyTorch.
// Each is a template over the number type: float for training, double for the
// finite-difference tests. Explicitly instantiated for both in ops.cpp.
//
// Conventions: "(+=)" in a comment means the output is accumulated into, so
// gradient buffers must be zeroed (or hold a residual gradient) first.
#pragma once

namespace am::train::ops {

// Each kernel is compiled three times, for SSE2, AVX2 + FMA and AVX-512, and runs the
// copy for am::simd_level() (am/model/cpu_features.hpp, the model's level too). All three
// give bit-identical results (explicit fused multiply-adds only in matmul, fixed-lane
// reductions), so a seed gives the same weights on any x86-64 CPU; only the speed differs.
//
// Preconditions, for every kernel: each pointer holds the shape its comment gives; sizes
// are >= 0; outputs do not overlap inputs. The kernels do not check: SequenceModel owns
// the sizes (compile-time constants, checked against the limits below) and checks each
// window's length and ids once, before any kernel runs.
inline constexpr int kMaxNormWidth = 512;  // layernorm_*: C <= this (a stack row buffer)
inline constexpr int kMaxVocab = 64;       // cross_entropy: V <= this (a stack row buffer)

// C: [R, N] = A: [R, P] · B: [P, N] (+ bias: [N] when not null), or C += A·B when
// `accumulate`. Strides are in elements. Each C element starts from the bias (or C) and
// takes one fused multiply-add per p = 0, 1, ..., so results do not depend on the vector width.
template <typename F>
void matmul(F* C, int ldc, const F* A, int lda, const F* B, int ldb, const F* bias, int R, int P,
            int N, bool accumulate);

// out: [C, R] = in: [R, C]^T (in has row stride ld_in).
template <typename F>
void transpose(F* out, const F* in, int R, int C, int ld_in);

// y: [T, N] = x: [T, K] · W^T + b, given Wt: [K, N] (the transposed weight) and b: [N] or null.
template <typename F>
void linear_forward(F* y, const F* x, const F* Wt, const F* b, int T, int K, int N);

// From dy: [T, N] and the forward input x: [T, K]:
//   dx: [T, K] = dy · W (W: [N, K]); skipped when dx is null
//   dW: [N, K] (+)= dy^T · x;  db: [N] (+)= Σ_t dy[t] (skipped when null)
template <typename F>
void linear_backward(F* dx, F* dW, F* db, const F* dy, const F* x, const F* W, int T, int K, int N);

// y: [T, C] = (x - mean) · rstd · w + b per row; mean, rstd: [T] are kept for the backward.
// 1 <= C <= kMaxNormWidth.
template <typename F>
void layernorm_forward(F* y, F* mean, F* rstd, const F* x, const F* w, const F* b, int T, int C);

// dx: [T, C] (+)= the gradient through the normalisation (added, so the residual
// stream's gradient can be passed in); dw, db: [C] (+)=. 1 <= C <= kMaxNormWidth.
template <typename F>
void layernorm_backward(F* dx, F* dw, F* db, const F* dy, const F* x, const F* mean, const F* rstd,
                        const F* w, int T, int C);

// Exact (erf) GELU. y: [n] = x · Φ(x); slope: [n] = Φ(x) + x · φ(x), kept for the backward.
template <typename F>
void gelu_forward(F* y, F* slope, const F* x, int n);

// dx: [n] = dy · slope.
template <typename F>
void gelu_backward(F* dx, const F* dy, const F* slope, int n);

// Causal multi-head attention for kHeads heads of kDHead.
// qkv: [T, 96] = q | k | v, head h in columns 8h..8h+7 of each third.
// probs: [H, T, T] softmax(q·k/√8) over j <= i, exact zeros above the diagonal.
// out: [T, 32] heads side by side. scratch: [8 * T].
template <typename F>
void attention_forward(F* out, F* probs, const F* qkv, int T, F* scratch);

// dqkv: [T, 96] = gradient of q | k | v from dout: [T, 32]. scratch: [8 * T + T * T].
template <typename F>
void attention_backward(F* dqkv, const F* dout, const F* probs, const F* qkv, int T, F* scratch);

// Softmax cross-entropy of logits: [T, V] (row stride ld) against targets: [T].
// Returns Σ_t -log p(target_t) (in double). dlogits: [T, V] (row stride ld) =
// (softmax - onehot) · scale; columns V..ld-1 are set to zero. dlogits may be null.
// 1 <= V <= kMaxVocab, V <= ld, and every target in [0, V).
template <typename F>
double cross_entropy(F* dlogits, const F* logits, const int* targets, int T, int V, int ld, F scale);

// x0: [T, 32] = E[ids[t]] + pos[t]; E: [V, 32], pos: [T, 32] (sinusoidal, fixed);
// every id in [0, V).
template <typename F>
void embed_forward(F* x0, const F* E, const F* pos, const int* ids, int T);

// dE: [V, 32] (+)= dx0 rows scattered by id (the position term has no parameters);
// every id in [0, V).
template <typename F>
void embed_backward(F* dE, const F* dx0, const int* ids, int T);

}  // namespace am::train::ops

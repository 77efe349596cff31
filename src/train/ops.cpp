#include "am/train/ops.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "am/model/config.hpp"
#include "am/model/cpu_features.hpp"
#include "am/simd/dispatch.hpp"
#include "am/simd/vector.hpp"
#include "am/train/fast_math.hpp"

// Every kernel below is a struct whose always_inline run<Isa>() simd::dispatch compiles
// three times (SSE2, AVX2 + FMA, AVX-512) and picks by am::simd_level(), the model's level
// too. Shapes and conventions: see am/train/ops.hpp.
//
// Every level rounds identically: the only fused multiply-adds are the explicit ones in
// matmul (simd::fma and std::fma, both exact), the library is built with
// -ffp-contract=off, and reductions use eight fixed lanes whatever the vector width.

// The helpers return 32/64-byte vectors from always_inline functions; GCC's note that
// such a return would change the ABI without AVX does not apply to inlined calls. And GCC's
// copies of matmul specialised for this file's constant sizes warn that row 2^25 would
// overflow an int offset; no matrix here has more than a few hundred rows.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#ifndef __clang__
#pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
#endif

namespace am::train::ops {
namespace {

constexpr int kQkv = 3 * kDModel;  // 96 columns: q | k | v
constexpr int kBlock = 4;          // rows per causal block (the matmul's register tile height)

// Σ x[0..n) in a fixed order: eight interleaved partial sums, then a fixed tree.
// Written this way so it vectorizes without reassociating anything.
template <typename F>
AM_INLINE F sum(const F* x, int n) {
  F part[8] = {};
  int i = 0;
  for (; i + 8 <= n; i += 8)
    for (int l = 0; l < 8; ++l) part[l] += x[i + l];
  F s = ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
  for (; i < n; ++i) s += x[i];
  return s;
}

// Σ a[i]·b[i] in the same fixed order as sum().
template <typename F>
AM_INLINE F dot(const F* a, const F* b, int n) {
  F part[8] = {};
  int i = 0;
  for (; i + 8 <= n; i += 8)
    for (int l = 0; l < 8; ++l) part[l] += a[i + l] * b[i + l];
  F s = ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
  for (; i < n; ++i) s += a[i] * b[i];
  return s;
}

// Largest of x[0..n) (n >= 1), eight lanes at a time (max is exact in any order).
template <typename F>
AM_INLINE F max_of(const F* x, int n) {
  F part[8];
  for (int l = 0; l < 8; ++l) part[l] = x[0];
  int i = 0;
  for (; i + 8 <= n; i += 8)
    for (int l = 0; l < 8; ++l) part[l] = x[i + l] > part[l] ? x[i + l] : part[l];
  for (; i < n; ++i) part[0] = x[i] > part[0] ? x[i] : part[0];
  F m = part[0];
  for (int l = 1; l < 8; ++l) m = part[l] > m ? part[l] : m;
  return m;
}

// A bias: [N] or null; not a deduced parameter, so a plain nullptr can be passed.
template <typename F>
using Bias = std::type_identity_t<const F*>;

// One register tile of matmul: C: [ROWS, VECS·lanes] (stride ldc) (+)= A: [ROWS, P] ·
// B: [P, VECS·lanes] (stride ldb), each element taking one fused multiply-add per p. In
// Bytes-wide vectors, which the compiler keeps in registers (plain loops it did not).
template <int Bytes, int ROWS, int VECS, typename F>
AM_INLINE void tile(F* C, int ldc, const F* A, int lda, int aps, const F* B, int ldb, Bias<F> bias, int P,
                    bool accumulate) {
  using V = simd::Vec<F, Bytes>;
  constexpr int L = simd::kLanes<V>;
  V acc[ROWS][VECS];
  for (int r = 0; r < ROWS; ++r)
    for (int v = 0; v < VECS; ++v)
      acc[r][v] =
          accumulate ? simd::load<V>(C + r * ldc + v * L) : (bias ? simd::load<V>(bias + v * L) : V{});
  for (int p = 0; p < P; ++p) {
    V b[VECS];
    for (int v = 0; v < VECS; ++v) b[v] = simd::load<V>(B + p * ldb + v * L);
    for (int r = 0; r < ROWS; ++r) {
      const F a = A[r * lda + p * aps];
      for (int v = 0; v < VECS; ++v) acc[r][v] = simd::fma(acc[r][v], a, b[v]);
    }
  }
  for (int r = 0; r < ROWS; ++r)
    for (int v = 0; v < VECS; ++v) simd::store(C + r * ldc + v * L, acc[r][v]);
}

// The same for `cols` < one Bytes-wide vector of columns (the ragged right edge), in scalars.
template <int Bytes, int ROWS, typename F>
AM_INLINE void tile_ragged(F* C, int ldc, const F* A, int lda, int aps, const F* B, int ldb, Bias<F> bias,
                           int P, int cols, bool accumulate) {
  F acc[ROWS][Bytes / sizeof(F)];
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < cols; ++c) acc[r][c] = accumulate ? C[r * ldc + c] : (bias ? bias[c] : F(0));
  for (int p = 0; p < P; ++p) {
    const F* b = B + p * ldb;
    for (int r = 0; r < ROWS; ++r) {
      const F a = A[r * lda + p * aps];
      for (int c = 0; c < cols; ++c) acc[r][c] = std::fma(a, b[c], acc[r][c]);
    }
  }
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < cols; ++c) C[r * ldc + c] = acc[r][c];
}

// C: [ROWS, N] (+)= A: [ROWS, P] · B: [P, N], as full-width tiles plus a ragged right edge.
template <int Bytes, int ROWS, typename F>
AM_INLINE void row_block(F* C, int ldc, const F* A, int lda, int aps, const F* B, int ldb, Bias<F> bias,
                         int P, int N, bool accumulate) {
  constexpr int L = Bytes / sizeof(F);
  int c0 = 0;
  for (; c0 + 2 * L <= N; c0 += 2 * L)
    tile<Bytes, ROWS, 2>(C + c0, ldc, A, lda, aps, B + c0, ldb, bias ? bias + c0 : nullptr, P, accumulate);
  for (; c0 + L <= N; c0 += L)
    tile<Bytes, ROWS, 1>(C + c0, ldc, A, lda, aps, B + c0, ldb, bias ? bias + c0 : nullptr, P, accumulate);
  if constexpr (Bytes == 64) {  // a half-width tile: 8 floats (one attention head)
    constexpr int kHalf = 32 / sizeof(F);
    for (; c0 + kHalf <= N; c0 += kHalf)
      tile<32, ROWS, 1>(C + c0, ldc, A, lda, aps, B + c0, ldb, bias ? bias + c0 : nullptr, P, accumulate);
  }
  if (c0 < N)
    tile_ragged<Bytes, ROWS>(C + c0, ldc, A, lda, aps, B + c0, ldb, bias ? bias + c0 : nullptr, P, N - c0,
                             accumulate);
}

// C: [R, N] (+)= A: [R, P] · B: [P, N] (+ bias: [N]); inlined into every kernel that
// multiplies matrices. A's element (r, p) is A[r·lda + p·aps]: aps = 1 for a row-major A,
// and lda = 1, aps = its row stride reads A^T in place.
template <class Isa, typename F>
AM_INLINE void matmul_impl(F* C, int ldc, const F* A, int lda, int aps, const F* B, int ldb, Bias<F> bias,
                           int R, int P, int N, bool accumulate) {
  int r0 = 0;
  for (; r0 + 4 <= R; r0 += 4)
    row_block<Isa::kBytes, 4>(C + r0 * ldc, ldc, A + r0 * lda, lda, aps, B, ldb, bias, P, N, accumulate);
  for (; r0 < R; ++r0)
    row_block<Isa::kBytes, 1>(C + r0 * ldc, ldc, A + r0 * lda, lda, aps, B, ldb, bias, P, N, accumulate);
}

// out: [C, R] = in: [R, C]^T
template <typename F>
AM_INLINE void transpose_impl(F* out, const F* in, int R, int C, int ld_in) {
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) out[c * R + r] = in[r * ld_in + c];
}

// Columns a causal block of rows r0..r0+3 needs: keys 0..r0+3, rounded up to whole vectors
// so the matmul stays on its fast path (the extra entries are overwritten or ignored).
template <class Isa, typename F>
AM_INLINE int causal_columns(int r0, int T) {
  constexpr int L = Isa::kBytes / sizeof(F);
  return std::min(T, (r0 + kBlock + L - 1) / L * L);
}

// C: [R, N] (+)= A: [R, P] · B: [P, N] (+ bias: [N])
struct Matmul {
  template <class Isa, typename F>
  AM_INLINE static void run(F* C, int ldc, const F* A, int lda, const F* B, int ldb, const F* bias, int R,
                            int P, int N, bool accumulate) {
    matmul_impl<Isa>(C, ldc, A, lda, 1, B, ldb, bias, R, P, N, accumulate);
  }
};

// out: [C, R] = in: [R, C]^T
struct Transpose {
  template <class Isa, typename F>
  AM_INLINE static void run(F* out, const F* in, int R, int C, int ld_in) {
    transpose_impl(out, in, R, C, ld_in);
  }
};

// y: [T, N] = x: [T, K] · Wt: [K, N] + b: [N]
struct LinearForward {
  template <class Isa, typename F>
  AM_INLINE static void run(F* y, const F* x, const F* Wt, const F* b, int T, int K, int N) {
    matmul_impl<Isa>(y, N, x, K, 1, Wt, N, b, T, K, N, false);
  }
};

// dx: [T, K] = dy: [T, N] · W: [N, K] (if dx); dW: [N, K] += dy^T · x: [T, K]; db: [N] += Σ_t dy[t] (if db)
struct LinearBackward {
  template <class Isa, typename F>
  AM_INLINE static void run(F* dx, F* dW, F* db, const F* dy, const F* x, const F* W, int T, int K, int N) {
    if (dx) matmul_impl<Isa>(dx, K, dy, N, 1, W, K, nullptr, T, N, K, false);
    matmul_impl<Isa>(dW, K, dy, 1, N, x, K, nullptr, N, T, K, true);  // dy read transposed in place
    if (db)
      for (int t = 0; t < T; ++t)
        for (int n = 0; n < N; ++n) db[n] += dy[t * N + n];
  }
};

// y: [T, C] = (x - mean) · rstd · w + b per row; mean, rstd: [T]
struct LayerNormForward {
  template <class Isa, typename F>
  AM_INLINE static void run(F* y, F* mean, F* rstd, const F* x, const F* w, const F* b, int T, int C) {
    const F inv_c = F(1) / static_cast<F>(C);
    for (int t = 0; t < T; ++t) {
      const F* xr = x + t * C;
      F* yr = y + t * C;
      const F m = sum(xr, C) * inv_c;
      F centred[kMaxNormWidth];  // C <= kMaxNormWidth (the model's C is 32)
      for (int c = 0; c < C; ++c) centred[c] = xr[c] - m;
      const F var = dot(centred, centred, C) * inv_c;
      const F r = F(1) / std::sqrt(var + static_cast<F>(kLayerNormEps));
      for (int c = 0; c < C; ++c) yr[c] = centred[c] * r * w[c] + b[c];
      mean[t] = m;
      rstd[t] = r;
    }
  }
};

// dy, x, dx: [T, C]; with x̂ = (x - mean)·rstd and g = dy·w:
// dx += rstd · (g - mean(g) - x̂ · mean(g·x̂)); dw: [C] += dy·x̂; db: [C] += dy
struct LayerNormBackward {
  template <class Isa, typename F>
  AM_INLINE static void run(F* dx, F* dw, F* db, const F* dy, const F* x, const F* mean, const F* rstd,
                            const F* w, int T, int C) {
    const F inv_c = F(1) / static_cast<F>(C);
    for (int t = 0; t < T; ++t) {
      const F* xr = x + t * C;
      const F* dyr = dy + t * C;
      F* dxr = dx + t * C;
      const F m = mean[t], r = rstd[t];
      F xhat[kMaxNormWidth], g[kMaxNormWidth];
      for (int c = 0; c < C; ++c) {
        xhat[c] = (xr[c] - m) * r;
        g[c] = dyr[c] * w[c];
      }
      const F mean_g = sum(g, C) * inv_c;
      const F mean_gx = dot(g, xhat, C) * inv_c;
      for (int c = 0; c < C; ++c) {
        dxr[c] += r * ((g[c] - mean_g) - xhat[c] * mean_gx);
        dw[c] += dyr[c] * xhat[c];
        db[c] += dyr[c];
      }
    }
  }
};

// y, slope, x: [n]; y = x · Φ(x), slope = Φ(x) + x · φ(x)
struct GeluForward {
  template <class Isa, typename F>
  AM_INLINE static void run(F* y, F* slope, const F* x, int n) {
    for (int i = 0; i < n; ++i) {
      F cdf, pdf;
      normal_cdf_pdf(x[i], cdf, pdf);
      y[i] = x[i] * cdf;
      slope[i] = cdf + x[i] * pdf;
    }
  }
};

// dx, dy, slope: [n]; dx = dy · slope
struct GeluBackward {
  template <class Isa, typename F>
  AM_INLINE static void run(F* dx, const F* dy, const F* slope, int n) {
    for (int i = 0; i < n; ++i) dx[i] = dy[i] * slope[i];
  }
};

// qkv: [T, 96]; probs: [H, T, T]; out: [T, 32]; scratch (kT): [8, T]
struct AttentionForward {
  template <class Isa, typename F>
  AM_INLINE static void run(F* out, F* probs, const F* qkv, int T, F* scratch) {
    const F scale = F(1) / std::sqrt(static_cast<F>(kDHead));
    for (int h = 0; h < kHeads; ++h) {
      const F* q = qkv + h * kDHead;                // [T, 8], row stride 96
      const F* k = qkv + kDModel + h * kDHead;      // [T, 8]
      const F* v = qkv + 2 * kDModel + h * kDHead;  // [T, 8]
      F* P = probs + h * T * T;                     // [T, T]
      F* kT = scratch;                              // [8, T]
      transpose_impl(kT, k, T, kDHead, kQkv);
      for (int r0 = 0; r0 < T; r0 += kBlock) {
        const int rows = std::min(kBlock, T - r0);
        // S[r0.., 0..] = q · k^T for the keys this block can see.
        matmul_impl<Isa>(P + r0 * T, T, q + r0 * kQkv, kQkv, 1, kT, T, nullptr, rows, kDHead,
                         causal_columns<Isa, F>(r0, T), false);
      }
      for (int i = 0; i < T; ++i) {
        const int n = i + 1;  // causal: keys 0..i
        F* row = P + i * T;
        for (int j = 0; j < n; ++j) row[j] *= scale;
        const F m = max_of(row, n);
        for (int j = 0; j < n; ++j) row[j] = exp_of(row[j] - m);
        const F inv = F(1) / sum(row, n);
        for (int j = 0; j < n; ++j) row[j] *= inv;
        for (int j = n; j < T; ++j) row[j] = F(0);  // masked: exact zeros
      }
      for (int r0 = 0; r0 < T; r0 += kBlock) {
        const int rows = std::min(kBlock, T - r0);
        // out[r0.., 8h..8h+7] = P[r0.., 0..r0+rows) · v; later keys have weight 0.
        matmul_impl<Isa>(out + r0 * kDModel + h * kDHead, kDModel, P + r0 * T, T, 1, v, kQkv, nullptr, rows,
                         r0 + rows, kDHead, false);
      }
    }
  }
};

// dout: [T, 32]; probs: [H, T, T]; qkv, dqkv: [T, 96]; scratch: [8·T + T·T]
// With s = q·k/√8 and p = softmax(s) per row:
//   dp_ij = dout_i·v_j;  ds_ij = p_ij (dp_ij - Σ_j' p_ij' dp_ij') / √8;
//   dq_i = Σ_j ds_ij k_j;  dk_j = Σ_i ds_ij q_i;  dv_j = Σ_i p_ij dout_i
struct AttentionBackward {
  template <class Isa, typename F>
  AM_INLINE static void run(F* dqkv, const F* dout, const F* probs, const F* qkv, int T, F* scratch) {
    const F scale = F(1) / std::sqrt(static_cast<F>(kDHead));
    F* vT = scratch;               // [8, T]
    F* dS = scratch + kDHead * T;  // [T, T]: dp, then ds
    for (int h = 0; h < kHeads; ++h) {
      const F* q = qkv + h * kDHead;
      const F* k = qkv + kDModel + h * kDHead;
      const F* v = qkv + 2 * kDModel + h * kDHead;
      const F* go = dout + h * kDHead;  // [T, 8], row stride 32
      const F* P = probs + h * T * T;
      F* dq = dqkv + h * kDHead;
      F* dk = dqkv + kDModel + h * kDHead;
      F* dv = dqkv + 2 * kDModel + h * kDHead;
      transpose_impl(vT, v, T, kDHead, kQkv);
      for (int r0 = 0; r0 < T; r0 += kBlock) {
        const int rows = std::min(kBlock, T - r0);
        matmul_impl<Isa>(dS + r0 * T, T, go + r0 * kDModel, kDModel, 1, vT, T, nullptr, rows, kDHead,
                         causal_columns<Isa, F>(r0, T), false);  // dp
      }
      for (int i = 0; i < T; ++i) {
        const int n = i + 1;
        const F* p = P + i * T;
        F* ds = dS + i * T;
        const F p_dot_dp = dot(p, ds, n);
        for (int j = 0; j < n; ++j) ds[j] = p[j] * (ds[j] - p_dot_dp) * scale;
        for (int j = n; j < T; ++j) ds[j] = F(0);
      }
      for (int r0 = 0; r0 < T; r0 += kBlock) {
        const int rows = std::min(kBlock, T - r0);
        // dq[r0..] = ds[r0.., 0..r0+rows) · k
        matmul_impl<Isa>(dq + r0 * kQkv, kQkv, dS + r0 * T, T, 1, k, kQkv, nullptr, rows, r0 + rows, kDHead,
                         false);
      }
      // dk = ds^T · q and dv = p^T · dout, reading ds and p transposed in place. Row j of a
      // transpose is zero before column j, so a block of rows r0.. sums only over i >= r0.
      for (int r0 = 0; r0 < T; r0 += kBlock) {
        const int rows = std::min(kBlock, T - r0);
        matmul_impl<Isa>(dk + r0 * kQkv, kQkv, dS + r0 * T + r0, 1, T, q + r0 * kQkv, kQkv, nullptr, rows,
                         T - r0, kDHead, false);
        matmul_impl<Isa>(dv + r0 * kQkv, kQkv, P + r0 * T + r0, 1, T, go + r0 * kDModel, kDModel, nullptr,
                         rows, T - r0, kDHead, false);
      }
    }
  }
};

// logits, dlogits: [T, V] with row stride ld; targets: [T]
struct CrossEntropy {
  template <class Isa, typename F>
  AM_INLINE static double run(F* dlogits, const F* logits, const int* targets, int T, int V, int ld,
                              F scale) {
    double total = 0.0;
    for (int t = 0; t < T; ++t) {
      const F* row = logits + t * ld;
      const F m = max_of(row, V);
      F e[kMaxVocab];
      for (int v = 0; v < V; ++v) e[v] = exp_of(row[v] - m);
      const F s = sum(e, V);
      const int y = targets[t];
      total += static_cast<double>(std::log(s)) + static_cast<double>(m - row[y]);
      if (dlogits) {
        F* d = dlogits + t * ld;
        const F inv = F(1) / s;
        for (int v = 0; v < V; ++v) d[v] = e[v] * inv * scale;
        d[y] -= scale;
        for (int v = V; v < ld; ++v) d[v] = F(0);
      }
    }
    return total;
  }
};

// x0: [T, 32] = E: [V, 32] row ids[t] + pos: [T, 32]
struct EmbedForward {
  template <class Isa, typename F>
  AM_INLINE static void run(F* x0, const F* E, const F* pos, const int* ids, int T) {
    for (int t = 0; t < T; ++t) {
      const F* e = E + ids[t] * kDModel;
      for (int c = 0; c < kDModel; ++c) x0[t * kDModel + c] = e[c] + pos[t * kDModel + c];
    }
  }
};

// dE: [V, 32] += dx0: [T, 32] scattered by ids
struct EmbedBackward {
  template <class Isa, typename F>
  AM_INLINE static void run(F* dE, const F* dx0, const int* ids, int T) {
    for (int t = 0; t < T; ++t) {
      F* e = dE + ids[t] * kDModel;
      for (int c = 0; c < kDModel; ++c) e[c] += dx0[t * kDModel + c];
    }
  }
};

}  // namespace

template <typename F>
void matmul(F* C, int ldc, const F* A, int lda, const F* B, int ldb, const F* bias, int R, int P, int N,
            bool accumulate) {
  simd::dispatch<Matmul>(simd_level(), C, ldc, A, lda, B, ldb, bias, R, P, N, accumulate);
}
template <typename F>
void transpose(F* out, const F* in, int R, int C, int ld_in) {
  simd::dispatch<Transpose>(simd_level(), out, in, R, C, ld_in);
}
template <typename F>
void linear_forward(F* y, const F* x, const F* Wt, const F* b, int T, int K, int N) {
  simd::dispatch<LinearForward>(simd_level(), y, x, Wt, b, T, K, N);
}
template <typename F>
void linear_backward(F* dx, F* dW, F* db, const F* dy, const F* x, const F* W, int T, int K, int N) {
  simd::dispatch<LinearBackward>(simd_level(), dx, dW, db, dy, x, W, T, K, N);
}
template <typename F>
void layernorm_forward(F* y, F* mean, F* rstd, const F* x, const F* w, const F* b, int T, int C) {
  simd::dispatch<LayerNormForward>(simd_level(), y, mean, rstd, x, w, b, T, C);
}
template <typename F>
void layernorm_backward(F* dx, F* dw, F* db, const F* dy, const F* x, const F* mean, const F* rstd,
                        const F* w, int T, int C) {
  simd::dispatch<LayerNormBackward>(simd_level(), dx, dw, db, dy, x, mean, rstd, w, T, C);
}
template <typename F>
void gelu_forward(F* y, F* slope, const F* x, int n) {
  simd::dispatch<GeluForward>(simd_level(), y, slope, x, n);
}
template <typename F>
void gelu_backward(F* dx, const F* dy, const F* slope, int n) {
  simd::dispatch<GeluBackward>(simd_level(), dx, dy, slope, n);
}
template <typename F>
void attention_forward(F* out, F* probs, const F* qkv, int T, F* scratch) {
  simd::dispatch<AttentionForward>(simd_level(), out, probs, qkv, T, scratch);
}
template <typename F>
void attention_backward(F* dqkv, const F* dout, const F* probs, const F* qkv, int T, F* scratch) {
  simd::dispatch<AttentionBackward>(simd_level(), dqkv, dout, probs, qkv, T, scratch);
}
template <typename F>
double cross_entropy(F* dlogits, const F* logits, const int* targets, int T, int V, int ld, F scale) {
  return simd::dispatch<CrossEntropy>(simd_level(), dlogits, logits, targets, T, V, ld, scale);
}
template <typename F>
void embed_forward(F* x0, const F* E, const F* pos, const int* ids, int T) {
  simd::dispatch<EmbedForward>(simd_level(), x0, E, pos, ids, T);
}
template <typename F>
void embed_backward(F* dE, const F* dx0, const int* ids, int T) {
  simd::dispatch<EmbedBackward>(simd_level(), dE, dx0, ids, T);
}

#define AM_INSTANTIATE(F)                                                                                \
  template void matmul<F>(F*, int, const F*, int, const F*, int, const F*, int, int, int, bool);         \
  template void transpose<F>(F*, const F*, int, int, int);                                               \
  template void linear_forward<F>(F*, const F*, const F*, const F*, int, int, int);                      \
  template void linear_backward<F>(F*, F*, F*, const F*, const F*, const F*, int, int, int);             \
  template void layernorm_forward<F>(F*, F*, F*, const F*, const F*, const F*, int, int);                \
  template void layernorm_backward<F>(F*, F*, F*, const F*, const F*, const F*, const F*, const F*, int, \
                                      int);                                                              \
  template void gelu_forward<F>(F*, F*, const F*, int);                                                  \
  template void gelu_backward<F>(F*, const F*, const F*, int);                                           \
  template void attention_forward<F>(F*, F*, const F*, int, F*);                                         \
  template void attention_backward<F>(F*, const F*, const F*, const F*, int, F*);                        \
  template double cross_entropy<F>(F*, const F*, const int*, int, int, int, F);                          \
  template void embed_forward<F>(F*, const F*, const F*, const int*, int);                               \
  template void embed_backward<F>(F*, const F*, const int*, int);

AM_INSTANTIATE(float)
AM_INSTANTIATE(double)
#undef AM_INSTANTIATE

}  // namespace am::train::ops

#pragma GCC diagnostic pop

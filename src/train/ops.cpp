#include "am/train/ops.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "am/model/config.hpp"
#include "am/train/fast_math.hpp"

// Hot kernels get an AVX2 clone chosen at load time. The library is built with
// -ffp-contract=off, so both clones round identically: weights do not depend on the CPU.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define AM_HOT __attribute__((target_clones("avx2", "default")))
#else
#define AM_HOT
#endif

namespace am::train::ops {
namespace {

constexpr int kQkv = 3 * kDModel;  // 96 columns: q | k | v

// Σ x[0..n) in a fixed order: eight interleaved partial sums, then a fixed tree.
// Written this way so it vectorizes without reassociating anything.
template <typename F>
inline F sum(const F* x, int n) {
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
inline F dot(const F* a, const F* b, int n) {
  F part[8] = {};
  int i = 0;
  for (; i + 8 <= n; i += 8)
    for (int l = 0; l < 8; ++l) part[l] += a[i + l] * b[i + l];
  F s = ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
  for (; i < n; ++i) s += a[i] * b[i];
  return s;
}

template <typename F>
inline F max_of(const F* x, int n) {
  F m = x[0];
  for (int i = 1; i < n; ++i) m = x[i] > m ? x[i] : m;
  return m;
}

// 32-byte vectors (8 floats or 4 doubles) through GCC's vector extensions: the
// register tiles below stay in registers, which plain loops did not manage.
template <typename F>
struct Simd {
  typedef F Vec __attribute__((vector_size(32)));
  typedef F Unaligned __attribute__((vector_size(32), aligned(sizeof(F))));
  static constexpr int kLanes = 32 / sizeof(F);
  static Vec load(const F* p) { return *reinterpret_cast<const Unaligned*>(p); }
  static void store(F* p, Vec v) { *reinterpret_cast<Unaligned*>(p) = v; }
};

// One register tile of matmul: ROWS rows × VECS vectors of columns of C, summed over all of P.
// C: [ROWS, VECS·lanes] (stride ldc), A: [ROWS, P] (stride lda), B: [P, VECS·lanes] (stride ldb).
template <typename F, int ROWS, int VECS>
inline void tile(F* C, int ldc, const F* A, int lda, const F* B, int ldb, const F* bias, int P,
                 bool accumulate) {
  using S = Simd<F>;
  using V = typename S::Vec;
  V acc[ROWS][VECS];
  for (int r = 0; r < ROWS; ++r)
    for (int v = 0; v < VECS; ++v)
      acc[r][v] = accumulate ? S::load(C + r * ldc + v * S::kLanes)
                             : (bias ? S::load(bias + v * S::kLanes) : V{});
  for (int p = 0; p < P; ++p) {
    V b[VECS];
    for (int v = 0; v < VECS; ++v) b[v] = S::load(B + p * ldb + v * S::kLanes);
    for (int r = 0; r < ROWS; ++r) {
      const F a = A[r * lda + p];
      for (int v = 0; v < VECS; ++v) acc[r][v] += a * b[v];
    }
  }
  for (int r = 0; r < ROWS; ++r)
    for (int v = 0; v < VECS; ++v) S::store(C + r * ldc + v * S::kLanes, acc[r][v]);
}

// The same for fewer columns than one vector (the ragged right edge), in plain scalars.
template <typename F, int ROWS>
inline void tile_ragged(F* C, int ldc, const F* A, int lda, const F* B, int ldb, const F* bias, int P,
                        int cols, bool accumulate) {
  F acc[ROWS][8];
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < cols; ++c)
      acc[r][c] = accumulate ? C[r * ldc + c] : (bias ? bias[c] : F(0));
  for (int p = 0; p < P; ++p) {
    const F* b = B + p * ldb;
    for (int r = 0; r < ROWS; ++r) {
      const F a = A[r * lda + p];
      for (int c = 0; c < cols; ++c) acc[r][c] += a * b[c];
    }
  }
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < cols; ++c) C[r * ldc + c] = acc[r][c];
}

template <typename F, int ROWS>
inline void row_block(F* C, int ldc, const F* A, int lda, const F* B, int ldb, const F* bias, int P,
                      int N, bool accumulate) {
  constexpr int kLanes = Simd<F>::kLanes;
  const auto at = [&](int c) { return bias ? bias + c : nullptr; };
  int c0 = 0;
  for (; c0 + 2 * kLanes <= N; c0 += 2 * kLanes)
    tile<F, ROWS, 2>(C + c0, ldc, A, lda, B + c0, ldb, at(c0), P, accumulate);
  for (; c0 + kLanes <= N; c0 += kLanes)
    tile<F, ROWS, 1>(C + c0, ldc, A, lda, B + c0, ldb, at(c0), P, accumulate);
  if (c0 < N) tile_ragged<F, ROWS>(C + c0, ldc, A, lda, B + c0, ldb, at(c0), P, N - c0, accumulate);
}

}  // namespace

template <typename F>
AM_HOT void matmul(F* C, int ldc, const F* A, int lda, const F* B, int ldb, const F* bias, int R, int P,
                   int N, bool accumulate) {
  constexpr int kRows = 4;
  int r0 = 0;
  for (; r0 + kRows <= R; r0 += kRows)
    row_block<F, kRows>(C + r0 * ldc, ldc, A + r0 * lda, lda, B, ldb, bias, P, N, accumulate);
  for (; r0 < R; ++r0) row_block<F, 1>(C + r0 * ldc, ldc, A + r0 * lda, lda, B, ldb, bias, P, N, accumulate);
}

template <typename F>
void transpose(F* out, const F* in, int R, int C, int ld_in) {
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) out[c * R + r] = in[r * ld_in + c];
}

template <typename F>
void linear_forward(F* y, const F* x, const F* Wt, const F* b, int T, int K, int N) {
  // y: [T, N] = x: [T, K] · Wt: [K, N] + b: [N]
  matmul(y, N, x, K, Wt, N, b, T, K, N, false);
}

template <typename F>
AM_HOT void linear_backward(F* dx, F* dW, F* db, const F* dy, const F* x, const F* W, int T, int K, int N,
                            F* scratch) {
  // dx: [T, K] = dy: [T, N] · W: [N, K]
  if (dx) matmul(dx, K, dy, N, W, K, static_cast<const F*>(nullptr), T, N, K, false);
  // dW: [N, K] += dy^T: [N, T] · x: [T, K]
  F* dyT = scratch;
  transpose(dyT, dy, T, N, N);
  matmul(dW, K, dyT, T, x, K, static_cast<const F*>(nullptr), N, T, K, true);
  // db: [N] += Σ_t dy[t]
  if (db)
    for (int t = 0; t < T; ++t)
      for (int n = 0; n < N; ++n) db[n] += dy[t * N + n];
}

template <typename F>
AM_HOT void layernorm_forward(F* y, F* mean, F* rstd, const F* x, const F* w, const F* b, int T, int C) {
  // x, y: [T, C]; mean, rstd: [T]
  const F inv_c = F(1) / static_cast<F>(C);
  for (int t = 0; t < T; ++t) {
    const F* xr = x + t * C;
    F* yr = y + t * C;
    const F m = sum(xr, C) * inv_c;
    F centred[512];
    for (int c = 0; c < C; ++c) centred[c] = xr[c] - m;
    const F var = dot(centred, centred, C) * inv_c;
    const F r = F(1) / std::sqrt(var + static_cast<F>(kLayerNormEps));
    for (int c = 0; c < C; ++c) yr[c] = centred[c] * r * w[c] + b[c];
    mean[t] = m;
    rstd[t] = r;
  }
}

template <typename F>
AM_HOT void layernorm_backward(F* dx, F* dw, F* db, const F* dy, const F* x, const F* mean, const F* rstd,
                               const F* w, int T, int C) {
  // dy, x, dx: [T, C]; with x̂ = (x - mean)·rstd and g = dy·w:
  // dx += rstd · (g - mean(g) - x̂ · mean(g·x̂)); dw += dy·x̂; db += dy
  const F inv_c = F(1) / static_cast<F>(C);
  for (int t = 0; t < T; ++t) {
    const F* xr = x + t * C;
    const F* dyr = dy + t * C;
    F* dxr = dx + t * C;
    const F m = mean[t], r = rstd[t];
    F xhat[512], g[512];
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

template <typename F>
AM_HOT void gelu_forward(F* y, F* slope, const F* x, int n) {
  // y, slope, x: [n]
  for (int i = 0; i < n; ++i) {
    F cdf, pdf;
    normal_cdf_pdf(x[i], cdf, pdf);
    y[i] = x[i] * cdf;
    slope[i] = cdf + x[i] * pdf;
  }
}

template <typename F>
AM_HOT void gelu_backward(F* dx, const F* dy, const F* slope, int n) {
  // dx, dy, slope: [n]
  for (int i = 0; i < n; ++i) dx[i] = dy[i] * slope[i];
}

template <typename F>
AM_HOT void attention_forward(F* out, F* probs, const F* qkv, int T, F* scratch) {
  // qkv: [T, 96]; probs: [H, T, T]; out: [T, 32]; scratch (kT): [8, T]
  const F scale = F(1) / std::sqrt(static_cast<F>(kDHead));
  for (int h = 0; h < kHeads; ++h) {
    F* kT = scratch;  // keys of head h transposed, so a score row is a vector op over j
    for (int j = 0; j < T; ++j)
      for (int d = 0; d < kDHead; ++d) kT[d * T + j] = qkv[j * kQkv + kDModel + h * kDHead + d];
    for (int i = 0; i < T; ++i) {
      const int n = i + 1;  // causal: keys 0..i
      const F* q = qkv + i * kQkv + h * kDHead;
      F* row = probs + (h * T + i) * T;
      for (int j = 0; j < n; ++j) row[j] = F(0);
      for (int d = 0; d < kDHead; ++d) {
        const F qd = q[d];
        const F* kd = kT + d * T;
        for (int j = 0; j < n; ++j) row[j] += qd * kd[j];
      }
      for (int j = 0; j < n; ++j) row[j] *= scale;
      const F m = max_of(row, n);
      for (int j = 0; j < n; ++j) row[j] = exp_of(row[j] - m);
      const F inv = F(1) / sum(row, n);
      for (int j = 0; j < n; ++j) row[j] *= inv;
      for (int j = n; j < T; ++j) row[j] = F(0);
      F acc[kDHead] = {};
      for (int j = 0; j < n; ++j) {
        const F p = row[j];
        const F* v = qkv + j * kQkv + 2 * kDModel + h * kDHead;
        for (int d = 0; d < kDHead; ++d) acc[d] += p * v[d];
      }
      for (int d = 0; d < kDHead; ++d) out[i * kDModel + h * kDHead + d] = acc[d];
    }
  }
}

template <typename F>
AM_HOT void attention_backward(F* dqkv, const F* dout, const F* probs, const F* qkv, int T, F* scratch) {
  // dout: [T, 32]; probs: [H, T, T]; qkv, dqkv: [T, 96]; scratch (vT): [8, T]
  // With s = q·k/√8 and p = softmax(s) per row:
  //   dp_ij = dout_i·v_j;  ds_ij = p_ij (dp_ij - Σ_j' p_ij' dp_ij');
  //   dq_i = Σ_j ds_ij k_j/√8;  dk_j = Σ_i ds_ij q_i/√8;  dv_j = Σ_i p_ij dout_i
  const F scale = F(1) / std::sqrt(static_cast<F>(kDHead));
  std::fill(dqkv, dqkv + T * kQkv, F(0));
  for (int h = 0; h < kHeads; ++h) {
    F* vT = scratch;
    for (int j = 0; j < T; ++j)
      for (int d = 0; d < kDHead; ++d) vT[d * T + j] = qkv[j * kQkv + 2 * kDModel + h * kDHead + d];
    for (int i = 0; i < T; ++i) {
      const int n = i + 1;
      const F* p = probs + (h * T + i) * T;
      const F* go = dout + i * kDModel + h * kDHead;
      const F* q = qkv + i * kQkv + h * kDHead;
      F ds[kContext];
      for (int j = 0; j < n; ++j) ds[j] = F(0);
      for (int d = 0; d < kDHead; ++d) {
        const F g = go[d];
        const F* vd = vT + d * T;
        for (int j = 0; j < n; ++j) ds[j] += g * vd[j];  // dp
      }
      const F p_dot_dp = dot(p, ds, n);
      for (int j = 0; j < n; ++j) ds[j] = p[j] * (ds[j] - p_dot_dp) * scale;
      F dq[kDHead] = {};
      for (int j = 0; j < n; ++j) {
        const F s = ds[j];
        const F* k = qkv + j * kQkv + kDModel + h * kDHead;
        F* dk = dqkv + j * kQkv + kDModel + h * kDHead;
        F* dv = dqkv + j * kQkv + 2 * kDModel + h * kDHead;
        const F pj = p[j];
        for (int d = 0; d < kDHead; ++d) {
          dq[d] += s * k[d];
          dk[d] += s * q[d];
          dv[d] += pj * go[d];
        }
      }
      for (int d = 0; d < kDHead; ++d) dqkv[i * kQkv + h * kDHead + d] = dq[d];
    }
  }
}

template <typename F>
double cross_entropy(F* dlogits, const F* logits, const int* targets, int T, int V, int ld, F scale) {
  // logits, dlogits: [T, V] with row stride ld; targets: [T]
  double total = 0.0;
  for (int t = 0; t < T; ++t) {
    const F* row = logits + t * ld;
    const F m = max_of(row, V);
    F e[64];
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

template <typename F>
void embed_forward(F* x0, const F* E, const F* pos, const int* ids, int T) {
  // x0: [T, 32] = E: [V, 32] row ids[t] + pos: [T, 32]
  for (int t = 0; t < T; ++t) {
    const F* e = E + ids[t] * kDModel;
    for (int c = 0; c < kDModel; ++c) x0[t * kDModel + c] = e[c] + pos[t * kDModel + c];
  }
}

template <typename F>
void embed_backward(F* dE, const F* dx0, const int* ids, int T) {
  // dE: [V, 32] += dx0: [T, 32] scattered by ids
  for (int t = 0; t < T; ++t) {
    F* e = dE + ids[t] * kDModel;
    for (int c = 0; c < kDModel; ++c) e[c] += dx0[t * kDModel + c];
  }
}

#define AM_INSTANTIATE(F)                                                                          \
  template void matmul<F>(F*, int, const F*, int, const F*, int, const F*, int, int, int, bool);      \
  template void transpose<F>(F*, const F*, int, int, int);                                         \
  template void linear_forward<F>(F*, const F*, const F*, const F*, int, int, int);               \
  template void linear_backward<F>(F*, F*, F*, const F*, const F*, const F*, int, int, int, F*);  \
  template void layernorm_forward<F>(F*, F*, F*, const F*, const F*, const F*, int, int);         \
  template void layernorm_backward<F>(F*, F*, F*, const F*, const F*, const F*, const F*,         \
                                      const F*, int, int);                                        \
  template void gelu_forward<F>(F*, F*, const F*, int);                                           \
  template void gelu_backward<F>(F*, const F*, const F*, int);                                    \
  template void attention_forward<F>(F*, F*, const F*, int, F*);                                  \
  template void attention_backward<F>(F*, const F*, const F*, const F*, int, F*);                 \
  template double cross_entropy<F>(F*, const F*, const int*, int, int, int, F);                   \
  template void embed_forward<F>(F*, const F*, const F*, const int*, int);                        \
  template void embed_backward<F>(F*, const F*, const int*, int);

AM_INSTANTIATE(float)
AM_INSTANTIATE(double)

}  // namespace am::train::ops

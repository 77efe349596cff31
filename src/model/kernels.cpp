#include "am/model/kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "am/model/config.hpp"
#include "am/model/cpu_features.hpp"
#include "am/simd/dispatch.hpp"
#include "am/simd/vector.hpp"

// Every kernel below is a struct whose always_inline run<Isa>() simd::dispatch compiles
// three times (AVX-512, AVX2+FMA, baseline) and picks by am::simd_level().
// This file is compiled with -ffp-contract=fast (src/model/CMakeLists.txt): a·b + c
// becomes one fused multiply-add where the build has FMA; and with -fno-math-errno, so
// square roots vectorise. That is not -ffast-math: nothing is reassociated, NaN and
// infinity keep their meaning.

// The templates below return vectors from always_inline functions; GCC's note that
// such a return would change the ABI without AVX does not apply to inlined calls.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace am::kernels {
namespace {

using simd::kLanes;
using simd::load;
using simd::store;
constexpr int kHeadWidth = 8;  // attention_head's q/k/v width, and the head-major run
static_assert(kHeadWidth == kDHead, "the kernels assume the model's head width");
constexpr int kPanel = 32;  // outputs per packed weight panel
constexpr float kNegInf = -std::numeric_limits<float>::infinity();

// Input rows that share one pass over a weight panel: kRows rows × 32 outputs of
// accumulators (plus the panel) fill the registers. AVX-512: 16 zmm accumulators, slack
// for the FMA latency; AVX2: 8 ymm; baseline: 8 xmm.
template <class Isa>
constexpr int kRows = Isa::kBytes == 64 ? 8 : Isa::kBytes / 16;

// Stores the first `count` lanes of v (all of them if count >= the lane count).
template <class V>
AM_INLINE void store_first(float* p, V v, int count) {
  if (count >= kLanes<V>) {
    store(p, v);
  } else {
    for (int i = 0; i < count; ++i) p[i] = v[i];
  }
}

// ---------------------------------------------------------------- linear

// Head-major matrices: [C/8, T, 8], element (t, c) at ((c / 8)·T + t)·8 + c % 8 — the
// layout the forward records q, k, v and the heads' outputs in.
AM_INLINE long head_major_at(int T, int t, int c) {
  return (static_cast<long>(c >> 3) * T + t) * kHeadWidth + (c & 7);
}

// Stores the first `count` lanes of v as row t, columns [c0, c0 + count) of a head-major
// matrix (c0 a multiple of 8 or of L): runs of up to 8 lanes are contiguous there.
template <class V>
AM_INLINE void store_head_major(float* m, int T, int t, int c0, V v, int count) {
  constexpr int L = kLanes<V>;
  constexpr int kRun = L < kHeadWidth ? L : kHeadWidth;
  alignas(64) float lanes[L];
  store(lanes, v);
  if (count >= L) {  // fixed-size copies: plain vector stores
    for (int g = 0; g < L; g += kRun)
      std::memcpy(m + head_major_at(T, t, c0 + g), lanes + g, sizeof(float) * kRun);
  } else {
    for (int g = 0; g < count; ++g) m[head_major_at(T, t, c0 + g)] = lanes[g];
  }
}

// R rows against one panel: rows [t, t + R) and the panel's nb columns from n0 of
// out = in · panel + bias, each of in and out row-major or head-major.
// panel: [K, 32] with panel[k][j] = W[n0 + j][k] (0 past the matrix): W^T for 32
// outputs, so each input value is broadcast against 32 contiguous weights.
template <class V, int R, bool kHeadsIn, bool kHeadsOut>
AM_INLINE void linear_rows(float* out, const float* in, int T, int t, const float* panel, const float* bias32,
                           int K, int N, int n0, int nb) {
  constexpr int L = kLanes<V>;
  constexpr int C = kPanel / L;  // vectors per panel row
  V acc[R][C];
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) acc[r][c] = V{};
  for (int k = 0; k < K; ++k) {
    V w[C];
    for (int c = 0; c < C; ++c) w[c] = load<V>(panel + k * kPanel + c * L);
    // input k of row t (consecutive rows are 8 floats apart when head-major)
    const float* x = kHeadsIn ? in + head_major_at(T, t, k) : in + static_cast<long>(t) * K + k;
    for (int r = 0; r < R; ++r) {
      const float xr = x[r * (kHeadsIn ? kHeadWidth : K)];
      for (int c = 0; c < C; ++c) acc[r][c] += xr * w[c];
    }
  }
  V bias[C];
  for (int c = 0; c < C; ++c) bias[c] = load<V>(bias32 + c * L);
  if (!kHeadsOut && nb == kPanel) {  // the usual case: whole vectors straight from registers
    for (int r = 0; r < R; ++r)
      for (int c = 0; c < C; ++c) store(out + static_cast<long>(t + r) * N + n0 + c * L, acc[r][c] + bias[c]);
    return;
  }
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C && c * L < nb; ++c) {
      const V y = acc[r][c] + bias[c];
      if constexpr (kHeadsOut) {
        store_head_major(out, T, t + r, n0 + c * L, y, nb - c * L);
      } else {
        store_first(out + static_cast<long>(t + r) * N + n0 + c * L, y, nb - c * L);
      }
    }
}

// panel: [K, 32], panel[k][j] = W[n0 + j][k] for j < nb and 0 beyond: W^T for 32 outputs,
// through L×L tile transposes. Packing costs about as much as using the panel for a
// few rows, so it is redone on every call rather than cached (weights may change
// between calls: the trainer updates them in place).
template <class V>
AM_INLINE void pack_panel(float* panel, const float* W, int K, int n0, int nb) {
  constexpr int L = kLanes<V>;
  const int kv = K - K % L;
  for (int j0 = 0; j0 < kPanel; j0 += L) {
    for (int k0 = 0; k0 < kv; k0 += L) {
      V tile[L];
      for (int r = 0; r < L; ++r)
        tile[r] = j0 + r < nb ? load<V>(W + static_cast<long>(n0 + j0 + r) * K + k0) : V{};
      simd::transpose(tile);
      for (int c = 0; c < L; ++c) store(panel + (k0 + c) * kPanel + j0, tile[c]);
    }
    for (int k = kv; k < K; ++k)
      for (int r = 0; r < L; ++r)
        panel[k * kPanel + j0 + r] = j0 + r < nb ? W[static_cast<long>(n0 + j0 + r) * K + k] : 0.0f;
  }
}

// out = in · W^T + bias, one 32-output panel of W at a time.
template <class Isa, bool kHeadsIn, bool kHeadsOut>
AM_INLINE void linear_layout(float* out, const float* in, const float* W, const float* bias, int T, int K,
                             int N) {
  using V = typename Isa::V;
  constexpr int kStackK = 128;  // the model's widest input; wider ones pack on the heap
  alignas(64) float stack_panel[kStackK * kPanel];
  std::vector<float> heap_panel;
  float* panel = stack_panel;
  if (K > kStackK) {
    heap_panel.resize(static_cast<std::size_t>(K) * kPanel);
    panel = heap_panel.data();
  }
  for (int n0 = 0; n0 < N; n0 += kPanel) {
    const int nb = std::min(kPanel, N - n0);
    pack_panel<V>(panel, W, K, n0, nb);
    alignas(64) float bias32[kPanel] = {};
    if (bias)
      for (int j = 0; j < nb; ++j) bias32[j] = bias[n0 + j];
    int t = 0;
    for (; t + kRows<Isa> <= T; t += kRows<Isa>)
      linear_rows<V, kRows<Isa>, kHeadsIn, kHeadsOut>(out, in, T, t, panel, bias32, K, N, n0, nb);
    for (; t < T; ++t) linear_rows<V, 1, kHeadsIn, kHeadsOut>(out, in, T, t, panel, bias32, K, N, n0, nb);
  }
}

// out: [T, N] = in: [T, K] · W^T (W: [N, K]) + bias: [N], in or out head-major if asked.
struct Linear {
  template <class Isa>
  AM_INLINE static void run(float* out, bool out_heads, const float* in, bool in_heads, const float* W,
                            const float* bias, int T, int K, int N) {
    if (in_heads) {
      linear_layout<Isa, true, false>(out, in, W, bias, T, K, N);
    } else if (out_heads) {
      linear_layout<Isa, false, true>(out, in, W, bias, T, K, N);
    } else {
      linear_layout<Isa, false, false>(out, in, W, bias, T, K, N);
    }
  }
};

// ---------------------------------------------------------------- layernorm

// One row at a time (any C): horizontal sums, a scalar square root.
template <class V>
AM_INLINE void layernorm_row(float* y, float* mean, float* rstd, const float* x, const float* w,
                             const float* b, int C, float inv_c) {
  constexpr int L = kLanes<V>;
  const int cv = C - C % L;  // columns covered by whole vectors
  V s = {};
  for (int c = 0; c < cv; c += L) s += load<V>(x + c);
  float total = simd::sum(s);
  for (int c = cv; c < C; ++c) total += x[c];
  const float m = total * inv_c;
  V sq = {};
  for (int c = 0; c < cv; c += L) {
    const V d = load<V>(x + c) - m;
    sq += d * d;
  }
  float var = simd::sum(sq);
  for (int c = cv; c < C; ++c) var += (x[c] - m) * (x[c] - m);
  var *= inv_c;
  const float r = 1.0f / std::sqrt(var + kLayerNormEps);
  for (int c = 0; c < cv; c += L) store(y + c, (load<V>(x + c) - m) * r * load<V>(w + c) + load<V>(b + c));
  for (int c = cv; c < C; ++c) y[c] = (x[c] - m) * r * w[c] + b[c];
  if (mean) *mean = m;
  if (rstd) *rstd = r;
}

// out: [T, C] = (in - mean) · rstd · w + b per row; mean, rstd: [T], each may be null.
struct LayerNorm {
  template <class Isa>
  AM_INLINE static void run(float* out, float* mean, float* rstd, const float* in, const float* w,
                            const float* b, int T, int C) {
    using V = typename Isa::V;
    constexpr int L = kLanes<V>;
    const float inv_c = 1.0f / static_cast<float>(C);  // exact for the model's C = 32
    int t = 0;
    if (C % L == 0) {
      // L rows at a time, one row per lane for the statistics: their sums come out of one
      // reduction network, and one vector square root and division serve all L rows.
      for (; t + L <= T; t += L) {
        const float* x = in + static_cast<long>(t) * C;
        float* y = out + static_cast<long>(t) * C;
        V part[L];
        for (int r = 0; r < L; ++r) {
          part[r] = V{};
          for (int c = 0; c < C; c += L) part[r] += load<V>(x + r * C + c);
        }
        const V m = simd::sum_rows(part) * inv_c;
        alignas(64) float m_lanes[L];
        store(m_lanes, m);
        for (int r = 0; r < L; ++r) {
          part[r] = V{};
          for (int c = 0; c < C; c += L) {
            const V d = load<V>(x + r * C + c) - m_lanes[r];
            part[r] += d * d;
          }
        }
        const V var = simd::sum_rows(part) * inv_c;
        const V r_vec = 1.0f / simd::sqrt(var + kLayerNormEps);
        alignas(64) float r_lanes[L];
        store(r_lanes, r_vec);
        for (int r = 0; r < L; ++r)
          for (int c = 0; c < C; c += L)
            store(y + r * C + c,
                  (load<V>(x + r * C + c) - m_lanes[r]) * r_lanes[r] * load<V>(w + c) + load<V>(b + c));
        if (mean) store(mean + t, m);
        if (rstd) store(rstd + t, r_vec);
      }
    }
    for (; t < T; ++t)
      layernorm_row<V>(out + static_cast<long>(t) * C, mean ? mean + t : nullptr, rstd ? rstd + t : nullptr,
                       in + static_cast<long>(t) * C, w, b, C, inv_c);
  }
};

// ---------------------------------------------------------------- gelu

template <class V>
AM_INLINE V gelu_vec(V x) {
  constexpr float kInvSqrt2 = 0.70710678118654752f;
  const V half = 0.5f * x;
  return half + half * simd::erf(x * kInvSqrt2);  // x·Φ(x) = x/2 · (1 + erf(x/√2))
}

// out: [n] = in · Φ(in) (out may be in).
struct Gelu {
  template <class Isa>
  AM_INLINE static void run(float* out, const float* in, int n) {
    using V = typename Isa::V;
    constexpr int L = kLanes<V>;
    if (n < L) {  // shorter than one vector: through a zero-padded copy
      V x = {};
      for (int j = 0; j < n; ++j) x[j] = in[j];
      store_first(out, gelu_vec(x), n);
      return;
    }
    // The last vector ends exactly at n and may overlap the one before; it is computed
    // first, from the untouched input, so that out == in works too.
    const V last = gelu_vec(load<V>(in + n - L));
    for (int i = 0; i + L <= n; i += L) store(out + i, gelu_vec(load<V>(in + i)));
    store(out + n - L, last);
  }
};

// ---------------------------------------------------------------- softmax

// row: [blocks·L], softmax in place; lanes to be left out must hold -inf (they become 0).
// Every value minus the maximum is <= 0, which is all exp_nonpositive needs.
template <class V>
AM_INLINE void softmax_blocks(float* row, int blocks) {
  constexpr int L = kLanes<V>;
  V mv = load<V>(row);
  for (int b = 1; b < blocks; ++b) mv = simd::max(mv, load<V>(row + b * L));
  const float mx = simd::max_lane(mv);
  V sv = {};
  for (int b = 0; b < blocks; ++b) {
    const V e = simd::exp_nonpositive(load<V>(row + b * L) - mx);
    store(row + b * L, e);
    sv += e;
  }
  const float inv = 1.0f / simd::sum(sv);
  for (int b = 0; b < blocks; ++b) store(row + b * L, load<V>(row + b * L) * inv);
}

// row: [n] = softmax(row), in place.
struct SoftmaxRow {
  template <class Isa>
  AM_INLINE static void run(float* row, int n) {
    using V = typename Isa::V;
    constexpr int L = kLanes<V>;
    if (n <= 0) return;
    if (n < L) {  // shorter than one vector: through a -inf padded copy
      alignas(64) float buf[L];
      for (int j = 0; j < L; ++j) buf[j] = j < n ? row[j] : kNegInf;
      softmax_blocks<V>(buf, 1);
      for (int j = 0; j < n; ++j) row[j] = buf[j];
      return;
    }
    // Whole vectors, then (if n is not a multiple of L) one more ending exactly at n; its
    // lanes that overlap the last whole vector count as -inf, so nothing counts twice.
    const int full = n / L * L;
    const simd::Int<V> overlap = simd::lane_index<V>() < L - (n - full);
    const bool has_tail = full < n;
    V tail = has_tail ? load<V>(row + n - L) : V{};
    tail = overlap ? simd::splat<V>(kNegInf) : tail;
    V mv = tail;
    for (int j = 0; j < full; j += L) mv = simd::max(mv, load<V>(row + j));
    const float mx = simd::max_lane(mv);
    V sv = {};
    for (int j = 0; j < full; j += L) {
      const V e = simd::exp_nonpositive(load<V>(row + j) - mx);
      store(row + j, e);
      sv += e;
    }
    const V tail_e = simd::exp_nonpositive(tail - mx);
    const float inv = 1.0f / simd::sum(sv + tail_e);
    for (int j = 0; j < full; j += L) store(row + j, load<V>(row + j) * inv);
    if (has_tail) store(row + n - L, overlap ? load<V>(row + n - L) : tail_e * inv);
  }
};

// rows: [T, n], each row softmaxed in place.
struct SoftmaxRows {
  template <class Isa>
  AM_INLINE static void run(float* rows, int T, int n) {
    // One call for all rows, so consecutive rows' long dependency chains overlap.
    for (int t = 0; t < T; ++t) SoftmaxRow::run<Isa>(rows + static_cast<long>(t) * n, n);
  }
};

// ---------------------------------------------------------------- add

// out: [n] = a + b (out may be a or b).
struct Add {
  template <class Isa>
  AM_INLINE static void run(float* out, const float* a, const float* b, int n) {
    using V = typename Isa::V;
    constexpr int L = kLanes<V>;
    int i = 0;
    for (; i + L <= n; i += L) store(out + i, load<V>(a + i) + load<V>(b + i));
    for (; i < n; ++i) out[i] = a[i] + b[i];
  }
};

// ---------------------------------------------------------------- attention

// Loads rows [i0, i0 + rows) of m: [*, 8] transposed: cols[d] lane r = m[i0 + r][d]
// (zero for r >= rows). Goes through L×L tiles: 8 columns are one tile's worth or less.
template <class V>
AM_INLINE void load_transposed_rows(V (&cols)[kHeadWidth], const float* m, int i0, int rows) {
  constexpr int L = kLanes<V>;
  constexpr int kWidth = L < kHeadWidth ? L : kHeadWidth;  // columns per tile
  for (int d0 = 0; d0 < kHeadWidth; d0 += L) {
    V tile[L];
    for (int r = 0; r < L; ++r) {
      tile[r] = V{};
      if (rows == L || r < rows)
        std::memcpy(&tile[r], m + (i0 + r) * kHeadWidth + d0, sizeof(float) * kWidth);
    }
    simd::transpose(tile);
    for (int c = 0; c < kWidth; ++c) cols[d0 + c] = tile[c];
  }
}

// The inverse: m[i0 + r][d] = cols[d] lane r for r < rows.
template <class V>
AM_INLINE void store_transposed_rows(float* m, const V (&cols)[kHeadWidth], int i0, int rows) {
  constexpr int L = kLanes<V>;
  constexpr int kWidth = L < kHeadWidth ? L : kHeadWidth;
  for (int d0 = 0; d0 < kHeadWidth; d0 += L) {
    V tile[L];
    for (int c = 0; c < L; ++c) tile[c] = c < kWidth ? cols[d0 + c] : V{};
    simd::transpose(tile);
    if (rows == L) {
      for (int r = 0; r < L; ++r)
        std::memcpy(m + (i0 + r) * kHeadWidth + d0, &tile[r], sizeof(float) * kWidth);
    } else {
      for (int r = 0; r < rows; ++r)
        std::memcpy(m + (i0 + r) * kHeadWidth + d0, &tile[r], sizeof(float) * kWidth);
    }
  }
}

// Writes rows [i0, i0 + rows) of a [T, T] matrix from its columns: col[j] (· factor if
// kScaled), lane r, is entry (i0 + r, j) for j < jn; entries at j >= jn are zero.
template <bool kScaled, class V>
AM_INLINE void store_rows_from_columns(float* m, const float* col, V factor, int i0, int rows, int jn,
                                       int T) {
  constexpr int L = kLanes<V>;
  for (int j0 = 0; j0 < T; j0 += L) {  // L×L tiles
    float* corner = m + static_cast<long>(i0) * T + j0;
    const bool whole = rows == L && j0 + L <= T;  // the common case: no partial stores
    if (j0 >= jn) {                               // entirely masked
      for (int r = 0; r < rows; ++r) store_first(corner + static_cast<long>(r) * T, V{}, T - j0);
      continue;
    }
    V tile[L];
    if (j0 + L <= jn) {  // every column present (always, when T is a multiple of L)
      for (int c = 0; c < L; ++c) tile[c] = load<V>(col + (j0 + c) * L);
    } else {
      for (int c = 0; c < L; ++c) tile[c] = j0 + c < jn ? load<V>(col + (j0 + c) * L) : V{};
    }
    if constexpr (kScaled)
      for (int c = 0; c < L; ++c) tile[c] *= factor;
    simd::transpose(tile);
    if (whole) {
      for (int r = 0; r < L; ++r) store(corner + static_cast<long>(r) * T, tile[r]);
    } else {
      for (int r = 0; r < rows; ++r) store_first(corner + static_cast<long>(r) * T, tile[r], T - j0);
    }
  }
}

// Lane r: key kj · query row r (qd[d] holds dimension d of every row).
// A named always-inline function, not a lambda: a lambda does not inherit the enclosing
// kernel's target attribute, so wherever it is kept out of line (-O0, sanitizers) it is
// built for the baseline ISA and returns a 32/64-byte vector by another ABI than the AVX
// caller reads — wrong scores, no diagnostic. Always-inline code takes the caller's ISA.
template <class V>
AM_INLINE V key_score(const float* kj, const V* qd) {
  V s = kj[0] * qd[0];
  for (int d = 1; d < kHeadWidth; ++d) s += kj[d] * qd[d];
  return s;
}

// q, k, v: [T, 8] -> scores, weights: [T, T] (0 above the diagonal), out: [T, 8] = weights · v.
// Causal attention for one head, L query rows at a time, so every vector lane is a
// different row: the softmax over keys is then plain lane-wise arithmetic, with no
// horizontal reductions. Results are written back row-major through tile transposes.
struct AttentionHead {
  template <class Isa>
  AM_INLINE static void run(float* scores, float* weights, float* out, const float* q, const float* k,
                            const float* v, int T, float scale) {
    using V = typename Isa::V;
    constexpr int L = kLanes<V>;
    if (T <= 0) return;
    // col_s, col_e: [T, L] scores and e^(score - max) of the current rows, one key per vector.
    constexpr int kStackT = kContext;
    alignas(64) float stack_buf[2 * kStackT * L];
    std::vector<float> heap_buf;
    float* col_s = stack_buf;
    if (T > kStackT) {
      heap_buf.resize(static_cast<std::size_t>(2) * T * L);
      col_s = heap_buf.data();
    }
    float* col_e = col_s + static_cast<std::size_t>(T) * L;

    const simd::Int<V> lane = simd::lane_index<V>();
    const V neg_inf = simd::splat<V>(kNegInf);
    for (int i0 = 0; i0 < T; i0 += L) {
      const int rows = std::min(L, T - i0);
      const int jn = i0 + rows;  // these rows see keys j < jn (row i sees j <= i)
      V qd[kHeadWidth];          // qd[d] lane r = q[i0 + r][d] · scale
      load_transposed_rows(qd, q, i0, rows);
      for (int d = 0; d < kHeadWidth; ++d) qd[d] *= scale;  // once here, not once per score

      // Scores and their per-row maximum. Keys up to i0 are visible to every row here;
      // after that, key j only to rows i >= j (masked: score exactly 0, weight exactly 0).
      V mx = neg_inf;
      for (int j = 0; j <= i0; ++j) {
        const V s = key_score(k + j * kHeadWidth, qd);
        store(col_s + j * L, s);
        mx = simd::max(mx, s);
      }
      const simd::Int<V> row = lane + i0;
      for (int j = i0 + 1; j < jn; ++j) {
        const V s = key_score(k + j * kHeadWidth, qd);
        const simd::Int<V> visible = row >= j;
        store(col_s + j * L, visible ? s : V{});
        mx = simd::max(mx, visible ? s : neg_inf);
      }
      // e^(s - max), their sum, and Σ_j e_j v_j; one division per L rows normalises both.
      V sum = {};
      V o[kHeadWidth] = {};
      for (int j = 0; j < jn; ++j) {
        const V s = load<V>(col_s + j * L);
        V e = simd::exp_nonpositive(s - mx);
        if (j > i0) e = row >= j ? e : V{};
        store(col_e + j * L, e);
        sum += e;
        const float* vj = v + j * kHeadWidth;
        for (int d = 0; d < kHeadWidth; ++d) o[d] += vj[d] * e;
      }
      const V inv = 1.0f / sum;
      for (int d = 0; d < kHeadWidth; ++d) o[d] *= inv;
      store_transposed_rows(out, o, i0, rows);  // first: frees o's registers for the tiles below

      store_rows_from_columns<false>(scores, col_s, V{}, i0, rows, jn, T);
      store_rows_from_columns<true>(weights, col_e, inv, i0, rows, jn, T);
    }
  }
};

}  // namespace

// (Head-major input and output at once is not needed, so not built.)
void linear(float* out, const float* in, const float* W, const float* bias, int T, int K, int N) {
  if (T <= 0 || N <= 0) return;
  simd::dispatch<Linear>(simd_level(), out, false, in, false, W, bias, T, K, N);
}

void linear_to_heads(float* out, const float* in, const float* W, int T, int K, int N) {
  if (T <= 0 || N <= 0) return;
  const float* no_bias = nullptr;  // typed: one build of Linear serves all three
  simd::dispatch<Linear>(simd_level(), out, true, in, false, W, no_bias, T, K, N);
}

void linear_from_heads(float* out, const float* in, const float* W, const float* bias, int T, int K, int N) {
  if (T <= 0 || N <= 0) return;
  simd::dispatch<Linear>(simd_level(), out, false, in, true, W, bias, T, K, N);
}

void add(float* out, const float* a, const float* b, int n) {
  simd::dispatch<Add>(simd_level(), out, a, b, n);
}

void softmax_rows(float* rows, int T, int n) { simd::dispatch<SoftmaxRows>(simd_level(), rows, T, n); }

void layernorm(float* out, float* mean, float* rstd, const float* in, const float* w, const float* b, int T,
               int C) {
  simd::dispatch<LayerNorm>(simd_level(), out, mean, rstd, in, w, b, T, C);
}

void gelu(float* out, const float* in, int n) { simd::dispatch<Gelu>(simd_level(), out, in, n); }

void softmax_row(float* row, int n) { simd::dispatch<SoftmaxRow>(simd_level(), row, n); }

void attention_head(float* scores, float* weights, float* out, const float* q, const float* k, const float* v,
                    int T, float scale) {
  simd::dispatch<AttentionHead>(simd_level(), scores, weights, out, q, k, v, T, scale);
}

float erf_approx(float x) { return simd::erf(simd::splat<simd::f4v>(x))[0]; }

}  // namespace am::kernels

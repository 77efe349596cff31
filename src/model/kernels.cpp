#include "am/model/kernels.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "am/model/config.hpp"
#include "simd.hpp"

// Every kernel body below is an always_inline template, stamped out three times by
// AM_DEFINE_KERNELS with a different target attribute (AVX-512, AVX2+FMA, baseline),
// so one source yields three builds; a table of function pointers picks one at run time.
// This file is compiled with -ffp-contract=fast (src/model/CMakeLists.txt): a·b + c
// becomes one fused multiply-add where the build has FMA. That is not -ffast-math:
// nothing is reassociated, NaN and infinity keep their meaning.

namespace am::kernels {
namespace {

using simd::kLanes;
using simd::load;
using simd::store;
constexpr int kHeadWidth = 8;   // attention_head's q/k/v width
constexpr int kPanel = 32;      // outputs per packed weight panel
constexpr float kNegInf = -std::numeric_limits<float>::infinity();

// Per build: the native vector, and how many input rows share one pass over a weight
// panel, so that kRows·32 accumulators (plus the panel) fit in the vector registers.
struct Avx512 {
  using V = simd::f16v;
  static constexpr int kRows = 4;  // 8 zmm accumulators
};
struct Avx2 {
  using V = simd::f8v;
  static constexpr int kRows = 2;  // 8 ymm accumulators
};
struct Baseline {
  using V = simd::f4v;
  static constexpr int kRows = 1;  // 8 xmm accumulators
};

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

// panel: [K, 32] with panel[k][j] = W[n0 + j][k] for j < nb and 0 beyond — W^T for 32
// outputs, so each input value is broadcast against 32 contiguous weights.
AM_INLINE void pack_panel(float* panel, const float* W, int n0, int nb, int K) {
  for (int j = 0; j < nb; ++j) {
    const float* w = W + static_cast<long>(n0 + j) * K;
    for (int k = 0; k < K; ++k) panel[k * kPanel + j] = w[k];
  }
  for (int k = 0; k < K; ++k)
    for (int j = nb; j < kPanel; ++j) panel[k * kPanel + j] = 0.0f;
}

// R rows against one panel: out: [R, N] (the panel's nb columns) = in: [R, K] · panel + bias
template <class V, int R>
AM_INLINE void linear_rows(float* out, const float* in, const float* panel, const float* bias32,
                           int K, int N, int nb) {
  constexpr int L = kLanes<V>;
  constexpr int C = kPanel / L;  // vectors per panel row
  V acc[R][C];
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) acc[r][c] = V{};
  for (int k = 0; k < K; ++k) {
    V w[C];
    for (int c = 0; c < C; ++c) w[c] = load<V>(panel + k * kPanel + c * L);
    for (int r = 0; r < R; ++r) {
      const float x = in[r * K + k];
      for (int c = 0; c < C; ++c) acc[r][c] += x * w[c];
    }
  }
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C && c * L < nb; ++c)
      store_first(out + r * N + c * L, acc[r][c] + load<V>(bias32 + c * L), nb - c * L);
}

template <class Isa>
AM_INLINE void linear_body(float* out, const float* in, const float* W, const float* bias, int T,
                           int K, int N) {
  using V = typename Isa::V;
  constexpr int kStackK = 128;  // the model's widest input; wider ones use the heap
  alignas(64) float stack_panel[kStackK * kPanel];
  std::vector<float> heap_panel;
  float* panel = stack_panel;
  if (K > kStackK) {
    heap_panel.resize(static_cast<std::size_t>(K) * kPanel);
    panel = heap_panel.data();
  }
  for (int n0 = 0; n0 < N; n0 += kPanel) {
    const int nb = std::min(kPanel, N - n0);
    pack_panel(panel, W, n0, nb, K);
    alignas(64) float bias32[kPanel] = {};
    if (bias)
      for (int j = 0; j < nb; ++j) bias32[j] = bias[n0 + j];
    int t = 0;
    for (; t + Isa::kRows <= T; t += Isa::kRows)
      linear_rows<V, Isa::kRows>(out + static_cast<long>(t) * N + n0, in + static_cast<long>(t) * K,
                                 panel, bias32, K, N, nb);
    for (; t < T; ++t)
      linear_rows<V, 1>(out + static_cast<long>(t) * N + n0, in + static_cast<long>(t) * K, panel,
                        bias32, K, N, nb);
  }
}

// ---------------------------------------------------------------- layernorm

template <class Isa>
AM_INLINE void layernorm_body(float* out, float* mean, float* rstd, const float* in, const float* w,
                              const float* b, int T, int C) {
  using V = typename Isa::V;
  constexpr int L = kLanes<V>;
  const int cv = C - C % L;  // columns covered by whole vectors
  for (int t = 0; t < T; ++t) {
    const float* x = in + static_cast<long>(t) * C;
    float* y = out + static_cast<long>(t) * C;
    V s = {};
    for (int c = 0; c < cv; c += L) s += load<V>(x + c);
    float total = simd::sum(s);
    for (int c = cv; c < C; ++c) total += x[c];
    const float m = total / static_cast<float>(C);
    V sq = {};
    for (int c = 0; c < cv; c += L) {
      const V d = load<V>(x + c) - m;
      sq += d * d;
    }
    float var = simd::sum(sq);
    for (int c = cv; c < C; ++c) var += (x[c] - m) * (x[c] - m);
    var /= static_cast<float>(C);
    const float r = 1.0f / std::sqrt(var + kLayerNormEps);
    for (int c = 0; c < cv; c += L)
      store(y + c, (load<V>(x + c) - m) * r * load<V>(w + c) + load<V>(b + c));
    for (int c = cv; c < C; ++c) y[c] = (x[c] - m) * r * w[c] + b[c];
    if (mean) mean[t] = m;
    if (rstd) rstd[t] = r;
  }
}

// ---------------------------------------------------------------- gelu

template <class V>
AM_INLINE V gelu_vec(V x) {
  constexpr float kInvSqrt2 = 0.70710678118654752f;
  return 0.5f * x * (1.0f + simd::erf(x * kInvSqrt2));
}

template <class Isa>
AM_INLINE void gelu_body(float* out, const float* in, int n) {
  using V = typename Isa::V;
  constexpr int L = kLanes<V>;
  int i = 0;
  for (; i + L <= n; i += L) store(out + i, gelu_vec(load<V>(in + i)));
  if (i < n) {  // the tail, through a zero-padded vector
    V x = {};
    for (int j = 0; i + j < n; ++j) x[j] = in[i + j];
    store_first(out + i, gelu_vec(x), n - i);
  }
}

// ---------------------------------------------------------------- softmax

// row: [blocks·L], softmax in place; lanes to be left out must hold -inf (they become 0).
template <class V>
AM_INLINE void softmax_blocks(float* row, int blocks) {
  constexpr int L = kLanes<V>;
  V mv = load<V>(row);
  for (int b = 1; b < blocks; ++b) mv = simd::max(mv, load<V>(row + b * L));
  const float mx = simd::max_lane(mv);
  V sv = {};
  for (int b = 0; b < blocks; ++b) {
    const V e = simd::exp(load<V>(row + b * L) - mx);
    store(row + b * L, e);
    sv += e;
  }
  const float inv = 1.0f / simd::sum(sv);
  for (int b = 0; b < blocks; ++b) store(row + b * L, load<V>(row + b * L) * inv);
}

template <class Isa>
AM_INLINE void softmax_row_body(float* row, int n) {
  using V = typename Isa::V;
  constexpr int L = kLanes<V>;
  if (n <= 0) return;
  const int blocks = (n + L - 1) / L;
  constexpr int kStack = 256;
  alignas(64) float stack_buf[kStack];
  std::vector<float> heap_buf;
  float* buf = stack_buf;
  if (blocks * L > kStack) {
    heap_buf.resize(static_cast<std::size_t>(blocks) * L);
    buf = heap_buf.data();
  }
  const int full = n - n % L;
  for (int j = 0; j < full; j += L) store(buf + j, load<V>(row + j));
  for (int j = full; j < blocks * L; ++j) buf[j] = j < n ? row[j] : kNegInf;
  softmax_blocks<V>(buf, blocks);
  for (int j = 0; j < full; j += L) store(row + j, load<V>(buf + j));
  for (int j = full; j < n; ++j) row[j] = buf[j];
}

// ---------------------------------------------------------------- attention

// [w_{2P} ×8 | w_{2P+1} ×8]: two attention weights, each spread over one value row.
template <int P>
AM_INLINE simd::f16v pair_broadcast(simd::f16v w) {
  constexpr int a = 2 * P;
  constexpr int b = 2 * P + 1;
  return __builtin_shufflevector(w, w, a, a, a, a, a, a, a, a, b, b, b, b, b, b, b, b);
}

// out: [8] = Σ_j w[j] · vp[j]: w: [blocks·L] (exact zeros past the row), vp: [blocks·L, 8]
template <class V>
AM_INLINE void weighted_values(float* out, const float* w, const float* vp, int blocks) {
  constexpr int L = kLanes<V>;
  if constexpr (L == 16) {
    // Two value rows per vector: [w_j ×8 | w_j+1 ×8] · [v_j | v_j+1].
    V even = {}, odd = {};
    for (int b = 0; b < blocks; ++b) {
      const V wb = load<V>(w + b * L);
      const float* vb = vp + b * L * kHeadWidth;
      even += pair_broadcast<0>(wb) * load<V>(vb + 0 * L);
      odd += pair_broadcast<1>(wb) * load<V>(vb + 1 * L);
      even += pair_broadcast<2>(wb) * load<V>(vb + 2 * L);
      odd += pair_broadcast<3>(wb) * load<V>(vb + 3 * L);
      even += pair_broadcast<4>(wb) * load<V>(vb + 4 * L);
      odd += pair_broadcast<5>(wb) * load<V>(vb + 5 * L);
      even += pair_broadcast<6>(wb) * load<V>(vb + 6 * L);
      odd += pair_broadcast<7>(wb) * load<V>(vb + 7 * L);
    }
    const V both = even + odd;
    for (int d = 0; d < kHeadWidth; ++d) out[d] = both[d] + both[d + kHeadWidth];
  } else {
    // One value row is kHeadWidth / L vectors.
    constexpr int C = kHeadWidth / L;
    V even[C] = {}, odd[C] = {};
    for (int j = 0; j < blocks * L; j += 2) {
      for (int c = 0; c < C; ++c) {
        even[c] += w[j] * load<V>(vp + j * kHeadWidth + c * L);
        odd[c] += w[j + 1] * load<V>(vp + (j + 1) * kHeadWidth + c * L);
      }
    }
    for (int c = 0; c < C; ++c) store(out + c * L, even[c] + odd[c]);
  }
}

// Writes lanes [j0, j0 + L) of a row of length T (fewer at the row's end).
template <class V>
AM_INLINE void store_row(float* row, int T, int j0, V v) {
  store_first(row + j0, v, T - j0);
}

template <class Isa>
AM_INLINE void attention_head_body(float* scores, float* weights, float* out, const float* q,
                                   const float* k, const float* v, int T, float scale) {
  using V = typename Isa::V;
  constexpr int L = kLanes<V>;
  if (T <= 0) return;
  const int tp = (T + simd::kMaxLanes - 1) / simd::kMaxLanes * simd::kMaxLanes;
  // kt: [8, tp] keys transposed, so L scores are 8 broadcast multiply-adds;
  // vp: [tp, 8] values, zero-padded; s: [tp] the current row's weights.
  constexpr int kStackT = kContext;
  alignas(64) float stack_buf[(2 * kHeadWidth + 1) * kStackT];
  std::vector<float> heap_buf;
  float* buf = stack_buf;
  if (tp > kStackT) {
    heap_buf.resize(static_cast<std::size_t>(tp) * (2 * kHeadWidth + 1));
    buf = heap_buf.data();
  }
  float* kt = buf;
  float* vp = kt + kHeadWidth * tp;
  float* s = vp + kHeadWidth * tp;
  for (int j = 0; j < tp; ++j)
    for (int d = 0; d < kHeadWidth; ++d) kt[d * tp + j] = j < T ? k[j * kHeadWidth + d] : 0.0f;
  for (int i = 0; i < tp * kHeadWidth; ++i) vp[i] = i < T * kHeadWidth ? v[i] : 0.0f;

  const simd::Int<V> lane = simd::lane_index<V>();
  const int row_blocks = (T + L - 1) / L;
  for (int i = 0; i < T; ++i) {
    const int n = i + 1;  // positions this row may attend to
    const int blocks = (n + L - 1) / L;
    const float* qi = q + i * kHeadWidth;
    float* srow = scores + static_cast<long>(i) * T;
    float* wrow = weights + static_cast<long>(i) * T;
    for (int b = 0; b < blocks; ++b) {
      V acc = qi[0] * load<V>(kt + b * L);
      for (int d = 1; d < kHeadWidth; ++d) acc += qi[d] * load<V>(kt + d * tp + b * L);
      acc *= scale;
      const simd::Int<V> visible = lane + b * L < n;
      store_row(srow, T, b * L, visible ? acc : V{});  // causal mask: exact zeros
      store(s + b * L, visible ? acc : simd::splat<V>(kNegInf));  // weight exactly 0
    }
    for (int b = blocks; b < row_blocks; ++b) {
      store_row(srow, T, b * L, V{});
      store_row(wrow, T, b * L, V{});
    }
    softmax_blocks<V>(s, blocks);
    for (int b = 0; b < blocks; ++b) store_row(wrow, T, b * L, load<V>(s + b * L));
    weighted_values<V>(out + i * kHeadWidth, s, vp, blocks);
  }
}

// ---------------------------------------------------------------- dispatch

struct KernelTable {
  void (*linear)(float*, const float*, const float*, const float*, int, int, int);
  void (*layernorm)(float*, float*, float*, const float*, const float*, const float*, int, int);
  void (*gelu)(float*, const float*, int);
  void (*softmax_row)(float*, int);
  void (*attention_head)(float*, float*, float*, const float*, const float*, const float*, int,
                         float);
};

// One build of every kernel for instruction set ISA, compiled with attribute TARGET.
#define AM_DEFINE_KERNELS(NAME, ISA, TARGET)                                                    \
  TARGET void NAME##_linear(float* out, const float* in, const float* W, const float* bias,     \
                            int T, int K, int N) {                                              \
    linear_body<ISA>(out, in, W, bias, T, K, N);                                                \
  }                                                                                             \
  TARGET void NAME##_layernorm(float* out, float* mean, float* rstd, const float* in,           \
                               const float* w, const float* b, int T, int C) {                  \
    layernorm_body<ISA>(out, mean, rstd, in, w, b, T, C);                                       \
  }                                                                                             \
  TARGET void NAME##_gelu(float* out, const float* in, int n) { gelu_body<ISA>(out, in, n); }   \
  TARGET void NAME##_softmax_row(float* row, int n) { softmax_row_body<ISA>(row, n); }          \
  TARGET void NAME##_attention_head(float* scores, float* weights, float* out, const float* q,  \
                                    const float* k, const float* v, int T, float scale) {       \
    attention_head_body<ISA>(scores, weights, out, q, k, v, T, scale);                          \
  }                                                                                             \
  constexpr KernelTable NAME{&NAME##_linear, &NAME##_layernorm, &NAME##_gelu,                   \
                             &NAME##_softmax_row, &NAME##_attention_head};

AM_DEFINE_KERNELS(kBaselineKernels, Baseline, )
#if defined(__x86_64__)
#define AM_X86_LEVELS 1
AM_DEFINE_KERNELS(kAvx2Kernels, Avx2, __attribute__((target("avx2,fma"))))
AM_DEFINE_KERNELS(kAvx512Kernels, Avx512,
                  __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,avx2,fma"))))
#endif

const KernelTable& table_for(SimdLevel level) {
#ifdef AM_X86_LEVELS
  if (level == SimdLevel::kAvx512) return kAvx512Kernels;
  if (level == SimdLevel::kAvx2) return kAvx2Kernels;
#endif
  (void)level;
  return kBaselineKernels;
}

SimdLevel detect_simd_level() {
#ifdef AM_X86_LEVELS
  __builtin_cpu_init();
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                      __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq");
  if (avx512) return SimdLevel::kAvx512;
  if (avx2) return SimdLevel::kAvx2;
#endif
  return SimdLevel::kBaseline;
}

// The level in use; -1 until first use picks the best. Atomic: kernels may run on
// several threads (the trainer) while a test lowers the level.
std::atomic<int> g_level{-1};

const KernelTable& active() {
  int level = g_level.load(std::memory_order_relaxed);
  if (level < 0) {
    level = static_cast<int>(best_simd_level());
    g_level.store(level, std::memory_order_relaxed);
  }
  return table_for(static_cast<SimdLevel>(level));
}

}  // namespace

SimdLevel best_simd_level() {
  static const SimdLevel best = detect_simd_level();
  return best;
}

SimdLevel simd_level() {
  (void)active();
  return static_cast<SimdLevel>(g_level.load(std::memory_order_relaxed));
}

void set_simd_level(SimdLevel level) {
  const SimdLevel chosen = std::min(level, best_simd_level());
  g_level.store(static_cast<int>(chosen), std::memory_order_relaxed);
}

const char* simd_level_name(SimdLevel level) {
  switch (level) {
    case SimdLevel::kAvx512: return "AVX-512";
    case SimdLevel::kAvx2: return "AVX2+FMA";
    case SimdLevel::kBaseline: break;
  }
  return "baseline";
}

void linear(float* out, const float* in, const float* W, const float* bias, int T, int K, int N) {
  active().linear(out, in, W, bias, T, K, N);
}

void layernorm(float* out, float* mean, float* rstd, const float* in, const float* w,
               const float* b, int T, int C) {
  active().layernorm(out, mean, rstd, in, w, b, T, C);
}

void gelu(float* out, const float* in, int n) { active().gelu(out, in, n); }

void softmax_row(float* row, int n) { active().softmax_row(row, n); }

void attention_head(float* scores, float* weights, float* out, const float* q, const float* k,
                    const float* v, int T, float scale) {
  active().attention_head(scores, weights, out, q, k, v, T, scale);
}

float erf_approx(float x) { return simd::erf(simd::splat<simd::f4v>(x))[0]; }

}  // namespace am::kernels

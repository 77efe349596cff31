// The SIMD helpers of the model's kernels and the trainer's ops: GCC/Clang vector
// extensions, generic over the vector type (Vec<float, 64> is one AVX-512 register,
// Vec<float, 32> one AVX2 register, Vec<float, 16> one SSE register). Every helper but the
// FMA overloads is always_inline, so it compiles for the instruction set of the kernel
// that calls it (am/simd/dispatch.hpp).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#if defined(__x86_64__) && !defined(__clang__)
#include <immintrin.h>
#endif

#define AM_INLINE [[gnu::always_inline]] inline

#if defined(__x86_64__)
// The instruction sets of the AVX builds (see am/simd/dispatch.hpp).
#define AM_TARGET_AVX2 __attribute__((target("avx2,fma")))
#define AM_TARGET_AVX512 __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,avx2,fma")))
#endif

// GCC notes that returning a 32/64-byte vector from a function compiled without AVX
// would change the ABI; these helpers are always inlined, so no such call exists.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace am::simd {

// Bytes-wide vectors of T (16, 32 or 64 bytes: SSE, AVX2, AVX-512).
template <class T, int Bytes>
struct VecOf {
  typedef T type __attribute__((vector_size(Bytes)));
};
template <class T, int Bytes>
using Vec = typename VecOf<T, Bytes>::type;
using f4v = Vec<float, 16>;
using f8v = Vec<float, 32>;
using f16v = Vec<float, 64>;

// The integer vector of the same shape (what comparisons of float vectors return).
template <class V>
using Int = Vec<std::int32_t, sizeof(V)>;

template <class V>
inline constexpr int kLanes = static_cast<int>(sizeof(V) / sizeof(V{}[0]));

template <class V, class T>
AM_INLINE V load(const T* p) {
  V v;
  std::memcpy(&v, p, sizeof v);  // unaligned load
  return v;
}
template <class V, class T>
AM_INLINE void store(T* p, V v) {
  std::memcpy(p, &v, sizeof v);
}
template <class V>
AM_INLINE V splat(float x) {
  return V{} + x;
}
// {0, 1, 2, ...}: lane numbers, for masks such as "lane + j0 < n".
template <class V>
AM_INLINE Int<V> lane_index() {
  Int<V> v;
  for (int i = 0; i < kLanes<V>; ++i) v[i] = i;
  return v;
}
// acc + a·b with one rounding in every lane, whatever the file's -ffp-contract: std::fma
// lane by lane (exact; a libm call per lane without FMA hardware, as in SSE2).
template <class V, class T>
AM_INLINE V fma(V acc, T a, V b) {
  V out;
  for (int i = 0; i < kLanes<V>; ++i) out[i] = std::fma(a, b[i], acc[i]);
  return out;
}
#if defined(__x86_64__) && !defined(__clang__)
// GCC: the AVX widths as one FMA instruction from the start. The lane loop above becomes
// one only after GCC has judged the loops around it too big to unroll, leaving their
// accumulators in memory (a training step twice as slow). Not always_inline: no intrinsic
// can be inlined into a caller without the target attribute, which a kernel's run() is
// until dispatch inlines it; GCC inlines these afterwards, into the AVX build.
inline AM_TARGET_AVX2 Vec<float, 32> fma(Vec<float, 32> acc, float a, Vec<float, 32> b) {
  return (Vec<float, 32>)_mm256_fmadd_ps(_mm256_set1_ps(a), (__m256)b, (__m256)acc);
}
inline AM_TARGET_AVX2 Vec<double, 32> fma(Vec<double, 32> acc, double a, Vec<double, 32> b) {
  return (Vec<double, 32>)_mm256_fmadd_pd(_mm256_set1_pd(a), (__m256d)b, (__m256d)acc);
}
inline AM_TARGET_AVX512 Vec<float, 64> fma(Vec<float, 64> acc, float a, Vec<float, 64> b) {
  return (Vec<float, 64>)_mm512_fmadd_ps(_mm512_set1_ps(a), (__m512)b, (__m512)acc);
}
inline AM_TARGET_AVX512 Vec<double, 64> fma(Vec<double, 64> acc, double a, Vec<double, 64> b) {
  return (Vec<double, 64>)_mm512_fmadd_pd(_mm512_set1_pd(a), (__m512d)b, (__m512d)acc);
}
#endif
template <class V>
AM_INLINE V max(V a, V b) {
  return a > b ? a : b;
}
// Lane-wise square root (IEEE, correctly rounded like std::sqrt).
template <class V>
AM_INLINE V sqrt(V x) {
  V r;
  for (int i = 0; i < kLanes<V>; ++i) r[i] = __builtin_sqrtf(x[i]);
  return r;
}

template <class V>
AM_INLINE V as_float(Int<V> v) {
  V f;
  std::memcpy(&f, &v, sizeof f);
  return f;
}
template <class V>
AM_INLINE Int<V> as_int(V v) {
  Int<V> i;
  std::memcpy(&i, &v, sizeof i);
  return i;
}

// The sum of the lanes, added pairwise (halves, then quarters, ...).
AM_INLINE float sum(f4v v) { return (v[0] + v[2]) + (v[1] + v[3]); }
AM_INLINE float sum(f8v v) { return sum(f4v{v[0], v[1], v[2], v[3]} + f4v{v[4], v[5], v[6], v[7]}); }
AM_INLINE float sum(f16v v) {
  return sum(f8v{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]} +
             f8v{v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15]});
}
AM_INLINE float max_lane(f4v v) {
  const float a = v[0] > v[2] ? v[0] : v[2];
  const float b = v[1] > v[3] ? v[1] : v[3];
  return a > b ? a : b;
}
AM_INLINE float max_lane(f8v v) {
  return max_lane(max(f4v{v[0], v[1], v[2], v[3]}, f4v{v[4], v[5], v[6], v[7]}));
}
AM_INLINE float max_lane(f16v v) {
  return max_lane(max(f8v{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]},
                      f8v{v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15]}));
}

// Transposes an L×L tile in registers: rows[r][c] becomes rows[c][r]. log2(L) stages;
// the stage for half-size H swaps the off-diagonal H×H blocks of every 2H×2H block.
constexpr int transpose_lo_index(int lane, int half, int lanes) {
  return (lane & half) ? lanes + lane - half : lane;
}
constexpr int transpose_hi_index(int lane, int half, int lanes) {
  return (lane & half) ? lanes + lane : lane + half;
}
template <int H, class V, std::size_t... I>
AM_INLINE void transpose_pair(V& a, V& b, std::index_sequence<I...>) {
  constexpr int n = kLanes<V>;
  const V lo = __builtin_shufflevector(a, b, transpose_lo_index(I, H, n)...);
  const V hi = __builtin_shufflevector(a, b, transpose_hi_index(I, H, n)...);
  a = lo;
  b = hi;
}
template <class V, int H = kLanes<V> / 2>
AM_INLINE void transpose(V* rows) {
  if constexpr (H >= 1) {
    for (int r = 0; r < kLanes<V>; ++r)
      if ((r & H) == 0) transpose_pair<H>(rows[r], rows[r + H], std::make_index_sequence<kLanes<V>>{});
    transpose<V, H / 2>(rows);
  }
}

// Lane r of the result = the sum of rows[r]'s lanes, for L rows at once (rows is
// overwritten): the transpose network above, adding the two halves at every stage
// instead of keeping both — 2·(L-1) shuffles and L-1 additions for L sums.
template <class V, int H = kLanes<V> / 2>
AM_INLINE V sum_rows(V* rows) {
  if constexpr (H >= 1) {
    for (int r = 0; r < kLanes<V>; ++r)
      if ((r & H) == 0 && r < 2 * H) {
        V a = rows[r];
        V b = rows[r + H];
        transpose_pair<H>(a, b, std::make_index_sequence<kLanes<V>>{});
        rows[r] = a + b;
      }
    return sum_rows<V, H / 2>(rows);
  } else {
    return rows[0];
  }
}

// e^x for x <= 0, to about 1 ulp: x = n·ln2 + r with |r| <= ln2/2, e^r by a degree-6
// minimax polynomial (relative error 3e-9 before rounding), 2^n built in the exponent
// bits. Below -86.5 the result is 0 (e^x < 3e-38; stopping short of the subnormal range
// keeps slow subnormal arithmetic out); -inf gives 0 and NaN stays NaN.
template <class V>
AM_INLINE V exp_nonpositive(V x) {
  const V lo = splat<V>(-86.5f);
  const V xc = x < lo ? lo : x;             // NaN stays NaN
  const V shifter = splat<V>(12582912.0f);  // 1.5·2^23: adding it rounds to an integer
  const V shifted = xc * 1.44269504f + shifter;
  const V n = shifted - shifter;
  const V r = (xc - n * 0.693359375f) - n * -2.12194440e-4f;  // ln2 split in two parts
  V p = splat<V>(0.0013814647682011127f);
  p = p * r + 0.008368694223463535f;
  p = p * r + 0.04166838526725769f;
  p = p * r + 0.1666652113199234f;
  p = p * r + 0.4999999403953552f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  // The shifted value's low mantissa bits hold n; 2^n = (n + 127) << 23.
  const Int<V> biased = as_int(shifted) - (0x4B400000 - 127);
  const V y = p * as_float<V>(biased << 23);  // n in [-125, 0]: normal floats
  return x < lo ? V{} : y;
}

// table[idx[i]] for each lane; idx in [0, 16).
template <class V>
AM_INLINE V lookup16(const float* table, Int<V> idx) {
#if defined(__clang__)  // Clang has no variable-index vector shuffle builtin
  V r;
  for (int i = 0; i < kLanes<V>; ++i) r[i] = table[idx[i]];
  return r;
#else
  if constexpr (kLanes<V> == 16) {
    return __builtin_shuffle(load<V>(table), idx);  // one vpermps
  } else if constexpr (kLanes<V> == 8) {
    const V lo = __builtin_shuffle(load<V>(table), idx);  // indices count modulo 8
    const V hi = __builtin_shuffle(load<V>(table + 8), idx);
    return idx >= 8 ? hi : lo;
  } else {
    V r;
    for (int i = 0; i < kLanes<V>; ++i) r[i] = table[idx[i]];
    return r;
  }
#endif
}

// erf on [0, 4) as 16 pieces of width 1/4, each a degree-5 polynomial in the offset
// u in [-1/2, 1/2] from the piece's centre (near-minimax fits, float32 coefficients):
// erf(a) = c0 + u·(c1 + u·(c2 + ...)) for a = (piece + 1/2 + u) / 4.
struct ErfPieces {
  static constexpr int kPieces = 16;
  static constexpr float kWidth = 0.25f;
  alignas(64) static constexpr float c[6][kPieces] = {
      {// c0
       0.1403162032365799f, 0.4041168987751007f, 0.6232408881187439f, 0.7840750813484192f,
       0.8883882164955139f, 0.9481700658798218f, 0.9784437417984009f, 0.9919900298118591f,
       0.9973459839820862f, 0.9992170333862305f, 0.999794602394104f, 0.9999521374702454f, 0.9999901056289673f,
       0.9999982118606567f, 0.9999997019767761f, 0.9999999403953552f},
      {// c1
       0.2777213156223297f, 0.24508820474147797f, 0.1908748894929886f, 0.13118626177310944f,
       0.07956849038600922f, 0.0425899438560009f, 0.02011806331574917f, 0.008386456407606602f,
       0.003085204865783453f, 0.0010016195010393858f, 0.0002869688905775547f, 7.255716627696529e-05f,
       1.6189718735404313e-05f, 3.187953552696854e-06f, 5.539857852454588e-07f, 8.495705117184116e-08f},
      {// c2
       -0.008678598329424858f, -0.022976592183113098f, -0.029823847115039825f, -0.028696905821561813f,
       -0.022378768771886826f, -0.014640482142567635f, -0.008173087611794472f, -0.003931187093257904f,
       -0.0016389999072998762f, -0.0005946849705651402f, -0.00018830398039426655f, -5.2140581829007715e-05f,
       -1.2644274647755083e-05f, -2.6885522856900934e-06f, -5.017009812036122e-07f, -8.222208691677224e-08f},
      {// c3
       -0.005604944657534361f, -0.0036699159536510706f, -0.0008699349709786475f, 0.0014518477255478501f,
       0.002538274275138974f, 0.002467782935127616f, 0.001794412499293685f, 0.0010537892812862992f,
       0.0005162179586477578f, 0.00021453907538671046f, 7.640985131729394e-05f, 2.3474733097827993e-05f,
       6.249098987609614e-06f, 1.4461429600487463e-06f, 2.916331709457154e-07f, 5.1345789842116574e-08f},
      {// c4
       0.00026632321532815695f, 0.0006461479933932424f, 0.0006855225656181574f, 0.00043809853377752006f,
       0.00011068251478718594f, -0.00011712127161445096f, -0.00019289564806967974f, -0.00016469966794829816f,
       -0.0001031362553476356f, -5.158571366337128e-05f, -2.1355232092901133e-05f, -7.455230388586642e-06f,
       -2.2196204554347787e-06f, -5.677460990227701e-07f, -1.2540496641122445e-07f, -2.4009571220062753e-08f},
      {// c5
       0.00010101133375428617f, 4.424308644956909e-05f, -2.6349011022830382e-05f, -6.507604848593473e-05f,
       -5.9593698097160086e-05f, -2.9930884920759127e-05f, -2.2726101178704994e-06f, 1.1043852282455191e-05f,
       1.2145466826041229e-05f, 8.165051440300886e-06f, 4.1396947381144855e-06f, 1.689225200607325e-06f,
       5.715872362088703e-07f, 1.6306800887377904e-07f, 3.963288364161599e-08f, 8.263978834577301e-09f},
  };
};

// erf(x) to within 6e-8 absolute, i.e. float rounding (tested against std::erf on a
// dense grid). No division: a table lookup per coefficient and five multiply-adds.
// From |x| >= 3.925 on, erf is exactly ±1 (the true value rounds to it), so GELU
// gives exactly x or 0 there. Odd by construction; NaN stays NaN.
template <class V>
AM_INLINE V erf(V x) {
  using I = Int<V>;
  const I sign = as_int(x) & static_cast<std::int32_t>(0x80000000u);
  const V a = as_float<V>(as_int(x) ^ sign);                   // |x|
  const V s = a * (1.0f / ErfPieces::kWidth);                  // position in pieces
  const V s_index = s < 15.0f ? s : splat<V>(15.0f);           // NaN, inf and the last piece -> 15
  const I piece = __builtin_convertvector(s_index, I);         // truncates: the piece, in [0, 15]
  const V u = (s - 0.5f) - __builtin_convertvector(piece, V);  // NaN stays NaN
  V p = lookup16<V>(ErfPieces::c[5], piece);
  p = p * u + lookup16<V>(ErfPieces::c[4], piece);
  p = p * u + lookup16<V>(ErfPieces::c[3], piece);
  p = p * u + lookup16<V>(ErfPieces::c[2], piece);
  p = p * u + lookup16<V>(ErfPieces::c[1], piece);
  p = p * u + lookup16<V>(ErfPieces::c[0], piece);
  const V magnitude = a >= 3.925f ? splat<V>(1.0f) : p;
  return as_float<V>(as_int(magnitude) ^ sign);
}

}  // namespace am::simd

#pragma GCC diagnostic pop

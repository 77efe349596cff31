// Portable SIMD helpers for the forward kernels (GCC/Clang vector extensions, no
// intrinsics), generic over the vector type: f16v is one AVX-512 register, f8v one
// AVX2 register, f4v one SSE register. Every helper is always_inline, so it compiles
// for the instruction set of the kernel that calls it (see kernels.cpp).
// Private to src/model.
#pragma once

#include <cstdint>
#include <cstring>

#define AM_INLINE [[gnu::always_inline]] inline

// GCC notes that returning a 32/64-byte vector from a function compiled without AVX
// would change the ABI; these helpers are always inlined, so no such call exists.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace am::simd {

typedef float f4v __attribute__((vector_size(16)));
typedef float f8v __attribute__((vector_size(32)));
typedef float f16v __attribute__((vector_size(64)));
typedef std::int32_t i4v __attribute__((vector_size(16)));
typedef std::int32_t i8v __attribute__((vector_size(32)));
typedef std::int32_t i16v __attribute__((vector_size(64)));

// The integer vector of the same shape (what comparisons return).
template <class V> struct IntOf;
template <> struct IntOf<f4v> { using type = i4v; };
template <> struct IntOf<f8v> { using type = i8v; };
template <> struct IntOf<f16v> { using type = i16v; };
template <class V> using Int = typename IntOf<V>::type;

template <class V> inline constexpr int kLanes = static_cast<int>(sizeof(V) / sizeof(float));
inline constexpr int kMaxLanes = 16;

template <class V>
AM_INLINE V load(const float* p) {
  V v;
  std::memcpy(&v, p, sizeof v);  // unaligned load
  return v;
}
template <class V>
AM_INLINE void store(float* p, V v) {
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
template <class V>
AM_INLINE V min(V a, V b) {
  return a < b ? a : b;
}
template <class V>
AM_INLINE V max(V a, V b) {
  return a > b ? a : b;
}
// x limited to [lo, hi]; NaN stays NaN (every comparison with it is false).
template <class V>
AM_INLINE V clamp(V x, V lo, V hi) {
  const V above_lo = x < lo ? lo : x;
  return above_lo > hi ? hi : above_lo;
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
AM_INLINE float sum(f8v v) {
  return sum(f4v{v[0], v[1], v[2], v[3]} + f4v{v[4], v[5], v[6], v[7]});
}
AM_INLINE float sum(f16v v) {
  return sum(f8v{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]} +
             f8v{v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15]});
}
template <class V>
AM_INLINE float max_lane(V v) {
  float m = v[0];
  for (int i = 1; i < kLanes<V>; ++i) m = v[i] > m ? v[i] : m;
  return m;
}

// e^x to about 2 ulp. x = n·ln2 + r with |r| <= ln2/2, e^r by its degree-7 Taylor
// polynomial (truncation < 1e-8 relative), 2^n built in the exponent bits.
// Below -86.5 the result is 0 (e^x < 3e-38; stopping short of the subnormal range
// also keeps slow subnormal arithmetic out), above 88.37 it is +inf; NaN stays NaN.
// (The softmax only ever passes x <= 0.)
template <class V>
AM_INLINE V exp(V x) {
  const V lo = splat<V>(-86.5f);
  const V hi = splat<V>(88.3762626f);
  const V xc = clamp(x, lo, hi);
  const V shifter = splat<V>(12582912.0f);  // 1.5·2^23: adding it rounds to an integer
  const V shifted = xc * 1.44269504f + shifter;
  const V n = shifted - shifter;
  const V r = (xc - n * 0.693359375f) - n * -2.12194440e-4f;  // ln2 split in two parts
  V p = splat<V>(1.0f / 5040.0f);
  p = p * r + 1.0f / 720.0f;
  p = p * r + 1.0f / 120.0f;
  p = p * r + 1.0f / 24.0f;
  p = p * r + 1.0f / 6.0f;
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  // The shifted value's low mantissa bits hold n; 2^n = (n + 127) << 23.
  const Int<V> n_int = as_int(shifted) - 0x4B400000;
  const V y = p * as_float<V>((n_int + 127) << 23);  // n in [-125, 127]: normal floats
  return x < lo ? V{} : (x > hi ? splat<V>(__builtin_inff()) : y);
}

// erf(x) to within 4e-7 absolute (tested against std::erf on a dense grid):
// x·P(x²)/Q(x²), a rational fit on |x| <= 3.925 with float32 coefficients;
// beyond that erf is ±1 to within float rounding.
template <class V>
AM_INLINE V erf(V x) {
  const V xc = clamp(x, splat<V>(-3.925f), splat<V>(3.925f));
  const V t = xc * xc;
  V p = splat<V>(-1.4142097271019338e-08f);
  p = p * t + 4.879794687440153e-06f;
  p = p * t + 0.00038542685797438025f;
  p = p * t + 0.0038158537354320288f;
  p = p * t + 0.05431011691689491f;
  p = p * t + 0.18391185998916626f;
  p = p * t + 1.128379225730896f;
  V q = splat<V>(6.491866224678233e-05f);
  q = q * t + 0.0013081005308777094f;
  q = q * t + 0.0154192466288805f;
  q = q * t + 0.11356952041387558f;
  q = q * t + 0.49632155895233154f;
  q = q * t + 1.0f;
  return xc * (p / q);
}

}  // namespace am::simd

#pragma GCC diagnostic pop

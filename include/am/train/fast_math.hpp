// Branch-free exp and erfc for float that the compiler can vectorize (libm's
// calls stop vectorization); double versions call libm, for the tests that
// check gradients in double precision.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace am::train {

// e^x for float, relative error about 1 ulp for x in [-87, 88]; clamped outside.
[[gnu::always_inline]] inline float exp_approx(float x) {
  x = x < -87.0f ? -87.0f : x;
  x = x > 88.0f ? 88.0f : x;
  // x = n·ln2 + r with |r| <= ln2/2; the magic constant rounds to nearest without a libm call.
  constexpr float kRound = 12582912.0f;  // 1.5 · 2^23
  const float n = (x * 1.44269504f + kRound) - kRound;
  // Cody–Waite: ln2 split in a part with few bits (exact product) and the rest.
  float r = x - n * 0.693359375f;
  r = r - n * -2.12194440e-4f;
  // Taylor series of e^r to degree 7: truncation error < 5e-9 for |r| <= 0.347.
  float p = 1.0f / 5040.0f;
  p = p * r + 1.0f / 720.0f;
  p = p * r + 1.0f / 120.0f;
  p = p * r + 1.0f / 24.0f;
  p = p * r + 1.0f / 6.0f;
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  const std::int32_t e = static_cast<std::int32_t>(n) + 127;
  return p * std::bit_cast<float>(e << 23);
}

// erfc(z) for z >= 0 and e^{-z²} (returned through exp_neg_z2, the GELU backward needs it).
// erfc(z) = e^{-z²} · t · P(t), t = 1/(1 + z/2); P is a degree-8 least-squares fit of
// erfc(z)·e^{z²}/t over z in [0, 9.5] (fitted in double, rounded to float).
// Absolute error < 4e-7, relative error < 2e-6 for z < 4.
[[gnu::always_inline]] inline float erfc_nonneg_approx(float z, float& exp_neg_z2) {
  const float t = 1.0f / (1.0f + 0.5f * z);
  float p = -0.0580145195f;
  p = p * t + 0.279707015f;
  p = p * t + -0.477723718f;
  p = p * t + 0.267946541f;
  p = p * t + -0.0201650448f;
  p = p * t + 0.200172067f;
  p = p * t + 0.243684843f;
  p = p * t + 0.282302588f;
  p = p * t + 0.282090187f;
  exp_neg_z2 = exp_approx(-z * z);
  return exp_neg_z2 * t * p;
}

template <typename F>
[[gnu::always_inline]] inline F exp_of(F x) {
  if constexpr (sizeof(F) == sizeof(float)) {
    return exp_approx(x);
  } else {
    return std::exp(x);
  }
}

// Standard normal CDF Φ(x) and density φ(x), the two halves of exact-erf GELU.
template <typename F>
[[gnu::always_inline]] inline void normal_cdf_pdf(F x, F& cdf, F& pdf) {
  constexpr F kInvSqrt2 = F(0.70710678118654752440);
  constexpr F kInvSqrt2Pi = F(0.39894228040143267794);
  if constexpr (sizeof(F) == sizeof(float)) {
    const float z = (x < 0.0f ? -x : x) * kInvSqrt2;
    float e = 0.0f;
    const float half_tail = 0.5f * erfc_nonneg_approx(z, e);  // P(N > |x|)
    cdf = x < 0.0f ? half_tail : 1.0f - half_tail;
    pdf = e * kInvSqrt2Pi;
  } else {
    cdf = F(0.5) * std::erfc(-x * kInvSqrt2);
    pdf = std::exp(F(-0.5) * x * x) * kInvSqrt2Pi;
  }
}

}  // namespace am::train

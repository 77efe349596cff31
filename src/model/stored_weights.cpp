#include "am/model/stored_weights.hpp"

#include <bit>

#include "am/model/cpu_features.hpp"
#include "am/model/safetensors.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define AM_HAVE_F16C_PATH 1
#endif

namespace am {
namespace {

#if AM_HAVE_F16C_PATH
// bits: [count] float16 -> out: [count] float32, eight at a time with the F16C instruction
// (exact, like half_to_float; the weights hold no NaN whose payload could differ).
__attribute__((target("avx,f16c"))) void widen_f16c(const std::uint16_t* bits, float* out, std::size_t count) {
  std::size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bits + i));
    _mm256_storeu_ps(out + i, _mm256_cvtph_ps(h));
  }
  for (; i < count; ++i) out[i] = half_to_float(bits[i]);
}
#endif

}  // namespace

// bits: [count] float16 -> out: [count] float32 (F16C whenever the CPU has it, whatever
// AM_SIMD says: both paths are exact)
void widen_half(const std::uint16_t* bits, float* out, std::size_t count) {
#if AM_HAVE_F16C_PATH
  if (cpu_features().f16c) return widen_f16c(bits, out, count);
#endif
  for (std::size_t i = 0; i < count; ++i) out[i] = half_to_float(bits[i]);
}

namespace {

// The float16 bits of `value` when it is exactly a float16; false otherwise. Normal
// float16 values are read off the float32 bits; the rare rest goes the long way.
bool exact_half(float value, std::uint16_t& half) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  const std::uint32_t magnitude = bits & 0x7FFFFFFFu;
  const auto sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
  const std::uint32_t exponent = magnitude >> 23;
  // float16 normals: float32 exponents 113..142 (2^-14 .. 2^15), low 13 mantissa bits zero.
  if (exponent >= 113 && exponent <= 142) {
    if ((magnitude & 0x1FFFu) != 0) return false;
    half = static_cast<std::uint16_t>(sign | ((exponent - 112) << 10) | ((magnitude >> 13) & 0x3FFu));
    return true;
  }
  if (exponent > 142) return false;  // too large for float16, or inf/NaN
  half = float_to_half(value);       // zero or a float16 subnormal, if anything
  // Bitwise: -0.0 and 0.0 must stay apart.
  return std::bit_cast<std::uint32_t>(half_to_float(half)) == bits;
}

}  // namespace

StoredWeights StoredWeights::keep(Weights w) {
  StoredWeights stored;
  stored.step = w.step;
  std::vector<std::uint16_t> half(w.values.size());
  bool exact = true;
  for (std::size_t i = 0; i < w.values.size() && exact; ++i) exact = exact_half(w.values[i], half[i]);
  if (exact) stored.half_ = std::move(half);
  else stored.full_ = std::make_shared<const Weights>(std::move(w));
  return stored;
}

std::size_t StoredWeights::bytes() const {
  return is_half() ? half_.size() * sizeof(std::uint16_t) : full_->values.size() * sizeof(float);
}

void StoredWeights::widen(Weights& out) const {
  out.step = step;
  if (!is_half()) {
    out.values = full_->values;
    return;
  }
  out.values.resize(half_.size());
  widen_half(half_.data(), out.values.data(), half_.size());
}

Weights StoredWeights::widened() const {
  Weights out;
  widen(out);
  return out;
}

}  // namespace am

// The one way the model's kernels and the trainer's ops run at a SIMD level.
//
// A kernel is a struct with `template <class Isa> AM_INLINE static R run(args...)`.
// simd::dispatch<Kernel>(level, args...) calls it from a function compiled for the level's
// instruction set; run() and the helpers it inlines take on that function's target
// attribute, so one source yields three builds: baseline (SSE2, any x86-64), AVX2 + FMA,
// and AVX-512 F/VL/BW/DQ (the sets of am/model/cpu_features.hpp).
// What a kernel calls must be always_inline too: a function left out of line, or a lambda,
// is compiled for the baseline whatever its caller, and passes 32/64-byte vectors by
// another ABI than its AVX caller reads — wrong numbers at -O0 and under the sanitizers,
// with no diagnostic. (The FMA overloads of am/simd/vector.hpp carry their own target.)
#pragma once

#include "am/model/cpu_features.hpp"
#include "am/simd/vector.hpp"

namespace am::simd {

// The builds (Isa): the native vector width, and V, the float vector of that width.
template <int Bytes>
struct Level {
  static constexpr int kBytes = Bytes;
  using V = Vec<float, Bytes>;
};
using Baseline = Level<16>;
using Avx2 = Level<32>;
using Avx512 = Level<64>;

namespace detail {

template <class Kernel, class... A>
auto run_baseline(A... a) {
  return Kernel::template run<Baseline>(a...);
}
// Only x86-64 builds the AVX levels (am::best_simd_level never picks them elsewhere).
#if defined(__x86_64__)
#define AM_SIMD_AVX_LEVELS 1
template <class Kernel, class... A>
AM_TARGET_AVX2 auto run_avx2(A... a) {
  return Kernel::template run<Avx2>(a...);
}
template <class Kernel, class... A>
AM_TARGET_AVX512 auto run_avx512(A... a) {
  return Kernel::template run<Avx512>(a...);
}
#endif

}  // namespace detail

// Kernel::run<Isa>(args...) in the build for `level`. Each set of argument types builds the
// kernel anew, so pass them as the kernel takes them (a typed null, not nullptr).
template <class Kernel, class... A>
auto dispatch(SimdLevel level, A... args) {
#ifdef AM_SIMD_AVX_LEVELS
  if (level == SimdLevel::kAvx512) return detail::run_avx512<Kernel>(args...);
  if (level == SimdLevel::kAvx2) return detail::run_avx2<Kernel>(args...);
#endif
  (void)level;
  return detail::run_baseline<Kernel>(args...);
}

}  // namespace am::simd

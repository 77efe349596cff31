// The one place that asks the CPU what it can do, and the one SIMD level that the
// model's kernels and the trainer's ops both run at.
//
// Levels: baseline (SSE2, any x86-64), avx2 (AVX2 + FMA), avx512 (AVX-512 F, VL, BW and
// DQ: every AVX-512 CPU with VL also has BW and DQ, so one set serves both users; see
// cpu_features.cpp). The level in use is the best the CPU supports, capped by the
// environment variable AM_SIMD (baseline|avx2|avx512); other values are ignored.
// Tests and benchmarks may set a level; one the CPU lacks is lowered to the best it has.
#pragma once

#include <atomic>

namespace am {

enum class SimdLevel { kBaseline = 0, kAvx2 = 1, kAvx512 = 2 };

struct CpuFeatures {
  bool avx2_fma = false;  // AVX2 and FMA
  bool avx512 = false;    // AVX-512 F, VL, BW and DQ
  bool f16c = false;      // F16C half-float conversion, with the OS saving YMM registers
};

// Read once, on first use.
const CpuFeatures& cpu_features();

// The best level `features` can run (avx512 needs avx2_fma as well).
SimdLevel best_simd_level(const CpuFeatures& features);

// The level to start at: `supported`, capped by `env` (the value of AM_SIMD; null when
// unset). Unknown names are ignored.
SimdLevel simd_level_from_env(SimdLevel supported, const char* env);

SimdLevel supported_simd_level();            // the best this CPU runs
inline SimdLevel simd_level();               // in use: supported, capped by $AM_SIMD
SimdLevel set_simd_level(SimdLevel wanted);  // capped at supported; returns the level set
const char* to_string(SimdLevel level);      // "baseline", "avx2", "avx512"

namespace detail {
// The level in use; -1 until first use picks it. Atomic: kernels may run on several
// threads (the trainer) while a test lowers the level. Inline, as every kernel call asks.
inline std::atomic<int> g_simd_level{-1};
SimdLevel pick_simd_level();  // from supported_simd_level() and $AM_SIMD, stored
}  // namespace detail

inline SimdLevel simd_level() {
  const int level = detail::g_simd_level.load(std::memory_order_relaxed);
  return level >= 0 ? static_cast<SimdLevel>(level) : detail::pick_simd_level();
}

}  // namespace am

#include "am/model/cpu_features.hpp"

#include <algorithm>
#include <cstdlib>
#include <string_view>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace am {
namespace {

CpuFeatures detect() {
  CpuFeatures f;
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  f.avx2_fma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  // One AVX-512 set for the model and the trainer, both built for F+VL+BW+DQ
  // (AM_TARGET_AVX512 in am/simd/vector.hpp). Requiring BW and DQ costs nothing real:
  // every CPU with AVX-512VL (Skylake-SP and later, Zen 4) also has them, and the ones
  // without VL (Knights Landing/Mill) were never served.
  f.avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
             __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq");
  // F16C from CPUID leaf 1 (ECX bit 29): clang 14's __builtin_cpu_supports does not know
  // "f16c". "avx" also says the OS saves the YMM registers.
  unsigned a = 0, b = 0, c = 0, d = 0;
  f.f16c = __builtin_cpu_supports("avx") && __get_cpuid(1, &a, &b, &c, &d) != 0 && (c & bit_F16C) != 0;
#endif
  return f;
}

}  // namespace

const CpuFeatures& cpu_features() {
  static const CpuFeatures features = detect();
  return features;
}

SimdLevel best_simd_level(const CpuFeatures& features) {
  // The AVX builds are only compiled for x86-64 (32-bit x86 keeps the baseline).
#if defined(__x86_64__)
  if (features.avx2_fma && features.avx512) return SimdLevel::kAvx512;
  if (features.avx2_fma) return SimdLevel::kAvx2;
#else
  (void)features;
#endif
  return SimdLevel::kBaseline;
}

SimdLevel simd_level_from_env(SimdLevel supported, const char* env) {
  if (env == nullptr) return supported;
  for (SimdLevel cap : {SimdLevel::kBaseline, SimdLevel::kAvx2, SimdLevel::kAvx512})
    if (std::string_view(env) == to_string(cap)) return std::min(cap, supported);
  return supported;
}

SimdLevel supported_simd_level() {
  static const SimdLevel level = best_simd_level(cpu_features());
  return level;
}

SimdLevel detail::pick_simd_level() {
  const SimdLevel level = simd_level_from_env(supported_simd_level(), std::getenv("AM_SIMD"));
  g_simd_level.store(static_cast<int>(level), std::memory_order_relaxed);
  return level;
}

SimdLevel set_simd_level(SimdLevel wanted) {
  const SimdLevel chosen = std::min(wanted, supported_simd_level());
  detail::g_simd_level.store(static_cast<int>(chosen), std::memory_order_relaxed);
  return chosen;
}

const char* to_string(SimdLevel level) {
  switch (level) {
    case SimdLevel::kAvx512:
      return "avx512";
    case SimdLevel::kAvx2:
      return "avx2";
    case SimdLevel::kBaseline:
      break;
  }
  return "baseline";
}

}  // namespace am

// The one SIMD dispatcher: the level from the CPU's features and $AM_SIMD, on known answers.
#include <catch2/catch.hpp>

#include <string>

#include "am/model/cpu_features.hpp"

using am::SimdLevel;

TEST_CASE("AM_SIMD caps the supported level, and unknown names are ignored", "[cpu_features]") {
  using am::simd_level_from_env;
  constexpr SimdLevel kBase = SimdLevel::kBaseline, kAvx2 = SimdLevel::kAvx2, kAvx512 = SimdLevel::kAvx512;
  // unset: the best supported
  CHECK(simd_level_from_env(kAvx512, nullptr) == kAvx512);
  CHECK(simd_level_from_env(kAvx2, nullptr) == kAvx2);
  CHECK(simd_level_from_env(kBase, nullptr) == kBase);
  // a lower level is taken
  CHECK(simd_level_from_env(kAvx512, "baseline") == kBase);
  CHECK(simd_level_from_env(kAvx512, "avx2") == kAvx2);
  CHECK(simd_level_from_env(kAvx2, "baseline") == kBase);
  // a level the CPU lacks is lowered to the supported one
  CHECK(simd_level_from_env(kAvx2, "avx512") == kAvx2);
  CHECK(simd_level_from_env(kBase, "avx2") == kBase);
  CHECK(simd_level_from_env(kAvx512, "avx512") == kAvx512);
  // unknown, empty or differently spelled names change nothing
  for (const char* env : {"", "sse2", "AVX2", "avx-512", "avx2 ", "none"}) {
    INFO("AM_SIMD=\"" << env << "\"");
    CHECK(simd_level_from_env(kAvx512, env) == kAvx512);
    CHECK(simd_level_from_env(kAvx2, env) == kAvx2);
  }
}

TEST_CASE("the best level needs every feature of its set", "[cpu_features]") {
  using am::best_simd_level;
  using am::CpuFeatures;
  CHECK(best_simd_level(CpuFeatures{}) == SimdLevel::kBaseline);
  CHECK(best_simd_level(CpuFeatures{.avx2_fma = false, .avx512 = false, .f16c = true}) ==
        SimdLevel::kBaseline);
#if defined(__x86_64__)
  CHECK(best_simd_level(CpuFeatures{.avx2_fma = true, .avx512 = false, .f16c = true}) == SimdLevel::kAvx2);
  CHECK(best_simd_level(CpuFeatures{.avx2_fma = true, .avx512 = true, .f16c = true}) == SimdLevel::kAvx512);
  // AVX-512 without AVX2+FMA is not a level the builds assume
  CHECK(best_simd_level(CpuFeatures{.avx2_fma = false, .avx512 = true, .f16c = false}) ==
        SimdLevel::kBaseline);
#endif
}

TEST_CASE("set_simd_level never picks a level the CPU lacks and serves every caller", "[cpu_features]") {
  const SimdLevel before = am::simd_level();
  CHECK(am::supported_simd_level() == am::best_simd_level(am::cpu_features()));
  CHECK(am::set_simd_level(SimdLevel::kAvx512) == am::supported_simd_level());
  CHECK(am::simd_level() == am::supported_simd_level());
  CHECK(am::set_simd_level(SimdLevel::kBaseline) == SimdLevel::kBaseline);
  CHECK(am::simd_level() == SimdLevel::kBaseline);
  am::set_simd_level(before);
  CHECK(am::simd_level() == before);
}

TEST_CASE("level names are the values AM_SIMD takes", "[cpu_features]") {
  for (SimdLevel level : {SimdLevel::kBaseline, SimdLevel::kAvx2, SimdLevel::kAvx512})
    CHECK(am::simd_level_from_env(SimdLevel::kAvx512, am::to_string(level)) == level);
  CHECK(std::string(am::to_string(SimdLevel::kAvx2)) == "avx2");
}

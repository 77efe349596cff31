// The kernels are compiled three times (SSE2, AVX2 + FMA, AVX-512); every copy this CPU
// can run must give the same bits, or a seed would give different weights on another CPU.
#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

#include "am/model/cpu_features.hpp"
#include "am/model/weights.hpp"
#include "am/train/init.hpp"
#include "am/train/model_grad.hpp"
#include "am/train/ops.hpp"
#include "am/train/rng.hpp"

using namespace am;
using namespace am::train;

namespace {

struct LevelRun {
  double loss = 0.0;
  std::vector<float> logits, grads;
};

LevelRun run_at(SimdLevel level, const Weights& w, const std::vector<int>& window) {
  const SimdLevel before = simd_level();
  REQUIRE(set_simd_level(level) == level);
  PreparedParams<float> p;
  p.prepare(w.values.data());
  SequenceModel<float> m;
  LevelRun r;
  r.loss = m.forward(p, window.data()).value();
  r.logits.assign(m.logits(), m.logits() + kContext * kVocab);
  r.grads.assign(kParamCount, 0.0f);
  m.backward(p, r.grads.data(), 1.0f / kContext);
  set_simd_level(before);
  return r;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

}  // namespace

TEST_CASE("simd levels: every compiled copy of the kernels gives bit-identical results") {
  const Weights w = initial_weights({InitKind::kTorch, 0.02, 1.0, 21});
  Rng rng(22);
  std::vector<int> window(kContext + 1);
  for (int& id : window) id = static_cast<int>(rng.below(kVocab));
  const LevelRun base = run_at(SimdLevel::kBaseline, w, window);
  CHECK(base.loss > 0.0);
  int compared = 0;
  for (SimdLevel level : {SimdLevel::kAvx2, SimdLevel::kAvx512}) {
    if (level > supported_simd_level()) continue;
    INFO(to_string(level));
    const LevelRun r = run_at(level, w, window);
    CHECK(r.loss == base.loss);
    CHECK(same_bits(r.logits, base.logits));
    CHECK(same_bits(r.grads, base.grads));
    ++compared;
  }
  WARN("compared " << compared << " vector level(s) with the baseline; this CPU supports "
                   << to_string(supported_simd_level()));
}

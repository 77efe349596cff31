#include <catch2/catch.hpp>

#include <cstring>
#include <random>
#include <vector>

#include "am/analysis/fast_forward.hpp"
#include "am/model/forward.hpp"

using namespace am;
using namespace am::analysis;

namespace {

// Bitwise comparison: the fast pass must reproduce am::forward exactly, not approximately.
bool same_bits(const float* a, const float* b, std::size_t n) { return std::memcmp(a, b, n * sizeof(float)) == 0; }

void check_identical(const Weights& w, const std::vector<int>& ids, const HeadMask& mask, ForwardWorkspace& ws) {
  const FastForward fast(w);
  fast.run(ids, mask, ws);
  const Activations ref = forward(w, ids, mask);
  const int T = ref.length();
  REQUIRE(ws.T == T);
  CHECK(same_bits(ws.logits.data(), ref.logits, static_cast<std::size_t>(T * kVocab)));
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      CHECK(same_bits(ws.attention(l, h), ref.layers[static_cast<std::size_t>(l)].weights + h * T * T,
                      static_cast<std::size_t>(T * T)));
}

}  // namespace

TEST_CASE("the fast pass gives bit-for-bit the logits and attention of am::forward") {
  std::mt19937 rng(5);
  ForwardWorkspace ws;  // reused across lengths on purpose
  for (std::uint64_t seed : {1u, 2u}) {
    const Weights w = random_weights(seed);
    for (int T : {1, 2, 7, 17, 39, 63, 64}) {
      std::vector<int> ids(static_cast<std::size_t>(T));
      for (int& id : ids) id = static_cast<int>(rng() % kVocab);
      INFO("seed " << seed << " T " << T);
      check_identical(w, ids, {}, ws);
    }
  }
}

TEST_CASE("the fast pass matches am::forward with heads pulled") {
  const Weights w = random_weights(3);
  std::vector<int> ids(40);
  for (int i = 0; i < 40; ++i) ids[static_cast<std::size_t>(i)] = (i * 7) % kVocab;
  ForwardWorkspace ws;
  for (const char* pulled : {"L1H1", "L2H4", "L1H2,L2H3", "L1H1,L1H2,L1H3,L1H4,L2H1,L2H2,L2H3,L2H4"}) {
    INFO(pulled);
    check_identical(w, ids, HeadMask::parse(pulled).value(), ws);
  }
}

TEST_CASE("the fast pass reads only the last 64 ids, as am::forward does") {
  const Weights w = random_weights(4);
  std::vector<int> ids(100);
  for (int i = 0; i < 100; ++i) ids[static_cast<std::size_t>(i)] = (i * 11) % kVocab;
  ForwardWorkspace ws;
  check_identical(w, ids, {}, ws);
  CHECK(ws.T == kContext);
}

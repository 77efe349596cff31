#include <catch2/catch.hpp>

#include "am/model/forward.hpp"
#include "am/model/normalizer.hpp"
#include "am/model/weights.hpp"

using namespace am;

TEST_CASE("the model has exactly 27,166 parameters") {
  std::size_t total = 0;
  for (const auto& t : parameter_table()) total += t.count;
  CHECK(total == 27166);
  CHECK(kParamCount == 27166);
}

TEST_CASE("attention rows sum to one and the mask is exact zeros") {
  const Weights w = random_weights(1);
  const auto ids = normalize("the queen. the qu").ids;
  const Activations a = forward(w, ids);
  const int T = a.length();
  REQUIRE(T == 17);
  for (const auto& layer : a.layers)
    for (int h = 0; h < kHeads; ++h)
      for (int i = 0; i < T; ++i) {
        double sum = 0;
        for (int j = 0; j < T; ++j) {
          const float wgt = layer.weights[(h * T + i) * T + j];
          if (j > i) CHECK(wgt == 0.0f);
          sum += wgt;
        }
        CHECK(sum == Approx(1.0).epsilon(1e-6));
      }
}

TEST_CASE("forward_reusing copies the shared layers and equals a fresh forward bit for bit") {
  const Weights w = random_weights(4);
  const auto ids = normalize("the queen saw the queen. the qu").ids;
  HeadMask layer0, layer1, both;
  layer0.pulled[0][2] = true;
  layer1.pulled[1][0] = layer1.pulled[1][3] = true;
  both.pulled[0][1] = both.pulled[1][1] = true;
  const Activations intact = forward(w, ids);
  for (const HeadMask& mask : {HeadMask{}, layer0, layer1, both}) {
    Activations reused(3);  // a block of another length, as the cache recycles them
    forward_reusing(w, ids, mask, intact, HeadMask{}, reused);
    const Activations fresh = forward(w, ids, mask);
    REQUIRE(reused.length() == fresh.length());
    CHECK(reused.block() == fresh.block());
  }
  // From one pulled mask to another: whatever differs is recomputed.
  const Activations from_layer1 = forward(w, ids, layer1);
  Activations other;
  forward_reusing(w, ids, both, from_layer1, layer1, other);  // differs from layer 0 on
  CHECK(other.block() == forward(w, ids, both).block());
  forward_reusing(w, ids, HeadMask{}, from_layer1, layer1, other);  // layer 0 shared
  CHECK(other.block() == intact.block());
  HeadMask layer0_of_both;
  layer0_of_both.pulled[0][1] = true;
  forward_reusing(w, ids, layer0_of_both, intact, HeadMask{}, other);
  CHECK(other.block() == forward(w, ids, layer0_of_both).block());
  // A base of another text length is not reused: a full forward instead.
  forward_reusing(w, ids, layer1, forward(w, normalize("short").ids), HeadMask{}, other);
  CHECK(other.block() == forward(w, ids, layer1).block());
}

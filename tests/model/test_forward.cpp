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

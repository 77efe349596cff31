#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "am/model/weights.hpp"
#include "am/train/optimizer.hpp"

using namespace am;
using namespace am::train;

TEST_CASE("optimizer: AdamW follows torch.optim.AdamW, with decay and learning rate per tensor") {
  AdamWSettings s;
  s.beta1 = 0.9;
  s.beta2 = 0.99;
  s.eps = 1e-8;
  s.weight_decay = 0.1;
  s.decay_on = DecayOn::kMatricesNoEmbed;
  s.embed_lr_mult = 3.0;
  AdamW adam(s);
  std::vector<float> p(kParamCount, 0.5f), g(kParamCount);
  for (std::size_t i = 0; i < kParamCount; ++i) g[i] = static_cast<float>(std::sin(0.1 * static_cast<double>(i)));
  const double lr = 0.01;
  adam.step(p.data(), g.data(), lr);
  adam.step(p.data(), g.data(), lr);

  // Two steps by hand, in double, for one element of three kinds of tensor.
  const auto expect = [&](std::size_t i, double lr_t, double wd) {
    double x = 0.5, m = 0.0, v = 0.0;
    for (int t = 1; t <= 2; ++t) {
      x *= 1.0 - lr_t * wd;
      m = 0.9 * m + 0.1 * g[i];
      v = 0.99 * v + 0.01 * g[i] * g[i];
      const double mhat = m / (1.0 - std::pow(0.9, t));
      const double denom = std::sqrt(v) / std::sqrt(1.0 - std::pow(0.99, t)) + 1e-8;
      x -= lr_t * mhat / denom;
    }
    return x;
  };
  const std::size_t q = find_parameter("blocks.0.attn.q.weight")->offset + 5;
  const std::size_t ln = find_parameter("blocks.1.ln2.bias")->offset + 3;
  const std::size_t emb = find_parameter("embed.weight")->offset + 7;
  CHECK(p[q] == Approx(expect(q, lr, 0.1)).epsilon(1e-6));
  CHECK(p[ln] == Approx(expect(ln, lr, 0.0)).epsilon(1e-6));
  CHECK(p[emb] == Approx(expect(emb, 3 * lr, 0.0)).epsilon(1e-6));
  CHECK(adam.steps_taken() == 2);
}

TEST_CASE("optimizer: which tensors each --decay-on choice decays") {
  std::vector<float> g(kParamCount, 0.0f);  // no gradient: only decay moves a weight
  const auto moved = [&](DecayOn on, const char* name) {
    AdamWSettings s;
    s.weight_decay = 0.5;
    s.decay_on = on;
    AdamW adam(s);
    std::vector<float> p(kParamCount, 1.0f);
    adam.step(p.data(), g.data(), 0.1);
    return p[find_parameter(name)->offset] != 1.0f;
  };
  CHECK(moved(DecayOn::kAll, "blocks.0.ln1.weight"));
  CHECK_FALSE(moved(DecayOn::kMatrices, "blocks.0.ln1.weight"));
  CHECK(moved(DecayOn::kMatrices, "embed.weight"));
  CHECK(moved(DecayOn::kMatrices, "blocks.1.mlp.fc.weight"));
  CHECK_FALSE(moved(DecayOn::kMatricesNoEmbed, "embed.weight"));
  CHECK_FALSE(moved(DecayOn::kMatricesNoEmbed, "unembed.weight"));
  CHECK(moved(DecayOn::kMatricesNoEmbed, "blocks.1.attn.o.weight"));
  CHECK_FALSE(moved(DecayOn::kNone, "blocks.1.attn.o.weight"));
  CHECK(parse_decay_on("matrices").ok());
  CHECK_FALSE(parse_decay_on("some").ok());
}

TEST_CASE("optimizer: warm-up, cosine to the floor, constant") {
  ScheduleSettings s{0.01, 100, 1100, ScheduleKind::kCosine, 0.1};
  CHECK(learning_rate(s, 0) == Approx(0.0001));
  CHECK(learning_rate(s, 49) == Approx(0.005));
  CHECK(learning_rate(s, 99) == Approx(0.01));
  CHECK(learning_rate(s, 100) == Approx(0.01));
  CHECK(learning_rate(s, 600) == Approx(0.0055));  // half way: (1 + 0.1) / 2
  CHECK(learning_rate(s, 1100) == Approx(0.001));
  s.kind = ScheduleKind::kConstant;
  CHECK(learning_rate(s, 1000) == Approx(0.01));
  s.warmup = 0;
  CHECK(learning_rate(s, 0) == Approx(0.01));
}

TEST_CASE("optimizer: clipping by global norm") {
  std::vector<float> g = {3.0f, 4.0f};
  CHECK(clip_by_global_norm(g.data(), g.size(), 10.0) == Approx(5.0));
  CHECK(g[0] == 3.0f);  // under the limit: untouched
  CHECK(clip_by_global_norm(g.data(), g.size(), 1.0) == Approx(5.0));
  CHECK(global_norm(g.data(), g.size()) == Approx(1.0).epsilon(1e-6));
  std::vector<float> h = {30.0f, 40.0f};
  clip_by_global_norm(h.data(), h.size(), 0.0);  // 0 = off
  CHECK(h[1] == 40.0f);
}

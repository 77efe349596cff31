// The numbers the beats quote, checked against the engine's own recorded tensors:
// on two texts, two shipped checkpoints (untrained and trained) and with a head pulled.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <string>

#include "am/machine/beat_numbers.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/kv_cache.hpp"
#include "am/model/safetensors.hpp"

using namespace am;
using namespace am::machine;

namespace {

constexpr double kTol = 1e-5;

Weights shipped(const char* file) {
  const auto path = std::filesystem::path(AM_SOURCE_DIR) / "weights" / "repeated" / file;
  auto w = load_weights(path);
  REQUIRE(w);
  return std::move(*w);
}

struct Case {
  std::string text;
  const char* checkpoint;
  const char* pulled;
};

void check_pass(const Activations& acts, const HeadMask& pulled) {
  const int T = acts.length();
  for (int p = 0; p < T; ++p) {
    const EmbeddingSum e = embedding_sum(acts, p);
    float pe[kDModel];
    position_encoding(p, pe);
    for (int i = 0; i < kDModel; ++i) {
      CHECK(e.embedding[i] + e.position[i] == Approx(e.sum[i]).margin(kTol));
      CHECK(e.position[i] == Approx(pe[i]).margin(kTol));
    }
  }
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      for (int q = 0; q < T; ++q) {
        const LayerActivations& la = acts.layers[static_cast<std::size_t>(l)];
        const SoftmaxRow row = softmax_row(acts, l, h, q);
        REQUIRE(row.exp.size() == static_cast<std::size_t>(q + 1));
        for (int k = 0; k <= q; ++k) {
          const QueryKey qk = query_key(acts, l, h, q, k);
          double sum = 0.0;
          for (float p : qk.products) sum += p;
          CHECK(sum == Approx(qk.dot).margin(kTol));
          CHECK(qk.dot / std::sqrt(8.0) == Approx(qk.score).margin(kTol));
          CHECK(qk.score == Approx(la.scores[(h * T + q) * T + k]).margin(kTol));
          CHECK(row.exp[static_cast<std::size_t>(k)] / row.exp_sum ==
                Approx(row.weights[static_cast<std::size_t>(k)]).margin(kTol));
        }
        const HeadMix mix = head_mix(acts, l, h, q);
        const auto mixed = mixed_values(mix);
        // A pulled head's output is zeroed before W_O; every other head's is Σ weight · value.
        if (!pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)])
          for (int d = 0; d < kDHead; ++d) CHECK(mixed[d] == Approx(mix.head_output[d]).margin(kTol));
        for (int i = 0; i < kDModel; ++i)
          CHECK(mix.stream_before[i] + mix.attention_out[i] == Approx(mix.stream_after[i]).margin(kTol));
      }
  for (int l = 0; l < kLayers; ++l)
    for (int p = 0; p < T; ++p) {
      const MlpRow r = mlp_row(acts, l, p);
      for (int n = 0; n < kDMlp; ++n) CHECK(gelu(r.pre[n]) == Approx(r.post[n]).margin(kTol));
      for (int i = 0; i < kDModel; ++i)
        CHECK(r.stream_before[i] + r.out[i] == Approx(r.stream_after[i]).margin(kTol));
      double total = 0.0;
      for (float pr : r.probabilities) total += pr;
      CHECK(total == Approx(1.0).margin(kTol));
    }
}

}  // namespace

TEST_CASE("beat numbers add up to the recorded tensors", "[beats]") {
  const Case cases[] = {
      {"the queen. the qu", "step_000000.safetensors", ""},
      {"the queen. the qu", "step_009000.safetensors", ""},
      {"qzxv kplw qzxv kp", "step_009000.safetensors", "L2H4"},
      {"a cat sat on the mat, and the cat", "step_000000.safetensors", "L1H2,L2H1"},
  };
  for (const Case& c : cases) {
    INFO(c.text << " " << c.checkpoint << " pulled " << c.pulled);
    const Weights w = shipped(c.checkpoint);
    auto pulled = HeadMask::parse(c.pulled);
    REQUIRE(pulled);
    const Activations acts = forward(w, encode(c.text), *pulled);
    check_pass(acts, *pulled);
    // A pulled head hands over nothing.
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h)
        if (pulled->pulled[l][h])
          for (float v : head_mix(acts, l, h, acts.length() - 1).head_output) CHECK(v == 0.0f);
  }
}

TEST_CASE("cache counts match what the KV cache measures", "[beats]") {
  const Weights w = shipped("step_009000.safetensors");
  KvCache cache(w);
  std::int64_t without = 0;
  const std::vector<int> ids = encode("the queen. the qu");
  for (std::size_t n = 1; n <= ids.size(); ++n) {
    cache.append(ids[n - 1]);
    const CacheCounts c = cache_counts(static_cast<int>(n));
    CHECK(c.dot_products_with_cache == cache.dot_products());
    without += static_cast<std::int64_t>(kLayers) * kHeads * causal_cells(static_cast<std::int64_t>(n));
    CHECK(c.dot_products_without_cache == without);
    CHECK(c.scores_computed == static_cast<std::int64_t>(n));
    CHECK(c.cached_keys == static_cast<std::int64_t>(n) - 1);
  }
  CHECK(causal_cells(17) == 153);
}

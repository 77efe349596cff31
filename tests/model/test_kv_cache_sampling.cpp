// Incremental decoding must give the full forward's numbers, and sampling must
// follow the distribution it is given.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "am/model/forward.hpp"
#include "am/model/kv_cache.hpp"
#include "am/model/normalizer.hpp"
#include "am/model/weights.hpp"
#include "test_util.hpp"

using namespace am;
using am::test::max_abs_diff;

namespace {

// Last-position logits of the full forward over ids[0, n) (the window slides past 64).
std::vector<float> last_logits(const Weights& w, const std::vector<int>& ids, std::size_t n, const HeadMask& mask) {
  const std::vector<int> prefix(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(n));
  const Activations a = forward(w, prefix, mask);
  const int T = a.length();
  return std::vector<float>(a.logits + (T - 1) * kVocab, a.logits + T * kVocab);
}

// Appends every id and returns the worst difference from the full forward over all prefixes.
double worst_cache_difference(const Weights& w, const std::vector<int>& ids, const HeadMask& mask) {
  KvCache cache(w, mask);
  double worst = 0.0;
  for (std::size_t n = 1; n <= ids.size(); ++n) {
    const std::array<float, kVocab> got = cache.append(ids[n - 1]);
    worst = std::max(worst, max_abs_diff(got, last_logits(w, ids, n, mask)));
    REQUIRE(cache.length() == static_cast<int>(std::min<std::size_t>(n, kContext)));
  }
  return worst;
}

const std::string kText64 = "the queen of hearts, she made some tarts, all on a summer's day.";

}  // namespace

TEST_CASE("KV-cache decoding equals the full forward for every prefix of a 64-character text") {
  const Normalized text = normalize(kText64);
  REQUIRE(text.ids.size() == 64);
  const Weights w = random_weights(31);
  const double worst = worst_cache_difference(w, text.ids, {});
  INFO("max |cache - forward| = " << worst);
  CHECK(worst <= 1e-6);
}

TEST_CASE("KV-cache decoding equals the full forward with heads pulled") {
  const Normalized text = normalize(kText64);
  const Weights w = random_weights(32);
  auto mask = HeadMask::parse("L1H2,L2H4");
  REQUIRE(mask.ok());
  const double worst = worst_cache_difference(w, text.ids, *mask);
  INFO("max |cache - forward| = " << worst);
  CHECK(worst <= 1e-6);
  // The ablation really reaches the cache: its logits differ from the intact model's.
  KvCache intact(w), pulled(w, *mask);
  std::array<float, kVocab> a{}, b{};
  for (int id : text.ids) {
    a = intact.append(id);
    b = pulled.append(id);
  }
  CHECK(max_abs_diff(a, b) > 1e-4);
}

TEST_CASE("past 64 characters the cache slides and matches the forward of the last 64") {
  const Normalized text = normalize(kText64 + " the knave of hearts, he stole those tarts, and took them clean away.");
  REQUIRE(text.ids.size() > 100);
  const Weights w = random_weights(33);
  const double worst = worst_cache_difference(w, text.ids, {});
  INFO("max |cache - forward| = " << worst);
  CHECK(worst <= 1e-6);
  HeadMask one;
  one.pulled[1][0] = true;
  CHECK(worst_cache_difference(w, text.ids, one) <= 1e-6);
}

TEST_CASE("reset starts a fresh text and dot products are counted") {
  const Weights w = random_weights(34);
  KvCache cache(w);
  for (int id : {1, 2, 3, 4, 5}) (void)cache.append(id);
  // Each new character at position t takes t+1 dot products per head and layer.
  CHECK(cache.dot_products() == std::int64_t(kLayers * kHeads * (1 + 2 + 3 + 4 + 5)));
  cache.reset();
  CHECK(cache.length() == 0);
  const auto logits = cache.append(7);
  CHECK(max_abs_diff(logits, last_logits(w, {7}, 1, {})) <= 1e-6);
  CHECK(KvCache::kFloatsPerToken == 2 * 2 * 32);
}

TEST_CASE("greedy sampling is the argmax") {
  std::mt19937_64 rng(1);
  const std::vector<float> logits = {0.1f, -2.0f, 3.5f, 3.4f, 0.0f};
  CHECK(sample_next(logits, 0.0f, rng) == 2);
  CHECK(sample_next(logits, -1.0f, rng) == 2);
  const std::vector<float> first_max = {9.0f, 1.0f, 9.0f};
  CHECK(sample_next(first_max, 0.0f, rng) == 0);  // ties go to the first
  // A vanishing temperature is greedy too, not NaN.
  for (int i = 0; i < 20; ++i) CHECK(sample_next(logits, 1e-30f, rng) == 2);
  // Model logits.
  const Weights w = random_weights(35);
  const Activations a = forward(w, normalize("the qu").ids);
  const std::span<const float> last(a.logits + 5 * kVocab, kVocab);
  const int greedy = sample_next(last, 0.0f, rng);
  for (int v = 0; v < kVocab; ++v) CHECK(last[static_cast<std::size_t>(v)] <= last[static_cast<std::size_t>(greedy)]);
}

TEST_CASE("temperature sampling is deterministic for a seed") {
  const std::vector<float> logits = {1.0f, 0.5f, 0.2f, -0.3f, 0.9f, 0.0f};
  const auto draw = [&](std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<int> out;
    for (int i = 0; i < 200; ++i) out.push_back(sample_next(logits, 0.8f, rng));
    return out;
  };
  CHECK(draw(42) == draw(42));
  CHECK(draw(42) != draw(43));
}

TEST_CASE("temperature sampling follows softmax(logits / temperature)") {
  const std::vector<double> p = {0.5, 0.3, 0.15, 0.05};
  std::vector<float> logits;
  for (double v : p) logits.push_back(static_cast<float>(std::log(v)));
  for (float temperature : {1.0f, 2.0f, 0.5f}) {
    // Expected: p^(1/T), renormalized.
    std::vector<double> expected;
    double z = 0.0;
    for (double v : p) z += std::pow(v, 1.0 / temperature);
    for (double v : p) expected.push_back(std::pow(v, 1.0 / temperature) / z);
    std::mt19937_64 rng(7);
    std::vector<int> counts(p.size(), 0);
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
      const int id = sample_next(logits, temperature, rng);
      REQUIRE(id >= 0);
      REQUIRE(id < static_cast<int>(p.size()));
      ++counts[static_cast<std::size_t>(id)];
    }
    for (std::size_t i = 0; i < p.size(); ++i) {
      INFO("temperature " << temperature << ", id " << i);
      // Binomial sd at n = 20000 is at most 0.0036; 0.015 is four of them.
      CHECK(std::abs(counts[i] / double(n) - expected[i]) <= 0.015);
    }
  }
}

TEST_CASE("sampling never picks a character with zero probability and survives bad logits") {
  std::mt19937_64 rng(9);
  const std::vector<float> logits = {-INFINITY, 0.0f, -INFINITY, 0.0f};
  for (int i = 0; i < 500; ++i) {
    const int id = sample_next(logits, 1.0f, rng);
    CHECK((id == 1 || id == 3));
  }
  const std::vector<float> nan_logits = {NAN, 1.0f, 2.0f};
  for (float t : {0.0f, 1.0f}) {
    const int id = sample_next(nan_logits, t, rng);
    CHECK((id >= 0 && id < 3));
  }
  CHECK(sample_next(std::vector<float>{}, 1.0f, rng) == 0);
}

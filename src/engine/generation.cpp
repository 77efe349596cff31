#include "am/engine/generation.hpp"

#include <algorithm>
#include <random>

#include "am/model/alphabet.hpp"
#include "am/model/kv_cache.hpp"

namespace am::engine {
namespace {

// Scores a full forward pass over the window holding `length` characters computes.
std::int64_t full_pass_dots(std::int64_t length) {
  return static_cast<std::int64_t>(kLayers) * kHeads *
         causal_scores(std::min<std::int64_t>(length, kContext));
}

}  // namespace

Generation generate_greedy(const Weights& weights, std::span<const int> prompt, const HeadMask& pulled,
                           int count, const WriteSettings& how) {
  Generation out;
  out.temperature = how.temperature;
  out.seed = how.seed;
  if (prompt.empty()) return out;
  KvCache cache(weights, pulled);
  std::mt19937_64 rng(how.seed);  // temperature 0 is greedy: never drawn from
  std::array<float, kVocab> logits{};
  std::int64_t length = 0;
  for (int id : prompt) {
    logits = cache.append(id);
    ++length;
    // Reading only (count == 0): without a cache, a guess after every character means
    // a full pass over each prefix.
    if (count == 0) out.dots_without_cache += full_pass_dots(length);
  }
  // Writing: without a cache the prompt is read in one pass, then every new character
  // needs a full pass over the window again.
  if (count > 0) out.dots_without_cache = full_pass_dots(length);
  for (int i = 0; i < count; ++i) {
    const int next = sample_next(logits, how.temperature, rng);
    out.text.push_back(id_to_char(next));
    if (i + 1 == count) break;  // the last character needs no guess after it
    logits = cache.append(next);
    ++length;
    out.dots_without_cache += full_pass_dots(length);
  }
  out.dots_with_cache = cache.dot_products();
  return out;
}

}  // namespace am::engine

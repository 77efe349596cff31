// Writing text one character at a time with the KV cache (greedy), counting the
// dot products with the cache and what re-reading the window each time would cost.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"

namespace am::engine {

// Characters written by "generate", one at a time with the KV cache.
struct Generation {
  std::string text;                     // the characters written (not added to the input)
  std::int64_t dots_with_cache = 0;     // q·k products the cached run computed (measured)
  std::int64_t dots_without_cache = 0;  // what re-running the whole window per character costs
  float temperature = 0.0f;             // what it was written with (0 = greedy)
  std::uint64_t seed = 0;
  bool operator==(const Generation&) const = default;
};

// How Write picks each character: temperature 0 takes the likeliest (greedy); above 0
// it draws from softmax(logits / temperature) with a generator seeded by `seed`.
struct WriteSettings {
  float temperature = 0.0f;
  std::uint64_t seed = 0;
  bool operator==(const WriteSettings&) const = default;
};

// Feeds `prompt` (the last kContext ids are what matters) and then appends `count`
// greedy characters. dots_with_cache is KvCache's own count; dots_without_cache is
// what a full forward pass per new character (over the same window) would compute.
// With how.temperature > 0 each character is drawn instead (seeded by how.seed).
Generation generate_greedy(const Weights& weights, std::span<const int> prompt, const HeadMask& pulled,
                           int count, const WriteSettings& how = {});

}  // namespace am::engine

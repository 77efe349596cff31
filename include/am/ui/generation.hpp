// Writing text one character at a time with the KV cache (greedy), counting the
// dot products with the cache and what re-reading the window each time would cost.
#pragma once

#include <span>

#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"
#include "am/ui/app_state.hpp"

namespace am::ui {

// Feeds `prompt` (the last kContext ids are what matters) and then appends `count`
// greedy characters. dots_with_cache is KvCache's own count; dots_without_cache is
// what a full forward pass per new character (over the same window) would compute.
// With how.temperature > 0 each character is drawn instead (seeded by how.seed).
Generation generate_greedy(const Weights& weights, std::span<const int> prompt, const HeadMask& pulled,
                           int count, const WriteSettings& how = {});

}  // namespace am::ui

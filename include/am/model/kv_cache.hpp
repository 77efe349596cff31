// Writing one character at a time: keys and values of earlier characters are
// kept, so each new character needs one query per head instead of a full pass.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "am/model/config.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"

namespace am {

class KvCache {
 public:
  KvCache(const Weights& weights, HeadMask pulled = {});

  // Feeds one character; returns the logits for the character after it.
  // When the window is full it slides: the cache is rebuilt from the last
  // kContext-1 characters plus this one (positions restart at 0).
  std::array<float, kVocab> append(int id);
  void reset();

  int length() const { return length_; }
  // Dot products (query·key) computed so far, across heads and layers.
  std::int64_t dot_products() const { return dot_products_; }
  // Floats held for keys and values per cached character (all layers and heads).
  static constexpr int kFloatsPerToken = kLayers * 2 * kDModel;

 private:
  std::array<float, kVocab> step(int id);
  const Weights* weights_;
  HeadMask pulled_;
  int length_ = 0;
  std::int64_t dot_products_ = 0;
  std::vector<int> history_;                 // ids currently in the window
  std::vector<float> keys_;                  // [L, T, 32]
  std::vector<float> values_;                // [L, T, 32]
};

// Picks the next id: temperature <= 0 is greedy (argmax), else samples from
// softmax(logits / temperature).
int sample_next(std::span<const float> logits, float temperature, std::mt19937_64& rng);

// Query-key scores one head of a causal pass over n characters computes: 1 + 2 + ... + n.
constexpr std::int64_t causal_scores(std::int64_t n) { return n * (n + 1) / 2; }

}  // namespace am

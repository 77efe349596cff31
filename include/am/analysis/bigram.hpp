// The baseline beside the model's bits per character: a bigram model (next character
// from the current one only), counted on the training text, with add-one smoothing.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "am/analysis/model_passes.hpp"
#include "am/model/config.hpp"

namespace am::analysis {

class BigramModel {
 public:
  // Counts every adjacent pair inside each text (pairs never span two texts).
  void count(std::string_view normalized_text);
  // P(next | current) = (count(current, next) + 1) / (count(current) + 30).
  double probability(int current, int next) const;
  // Same targets as text_loss(): every character but the first.
  TextLoss text_loss(std::span<const int> ids) const;
  std::int64_t pairs() const { return pairs_; }

 private:
  std::array<std::array<std::int64_t, kVocab>, kVocab> counts_{};  // [current][next]
  std::array<std::int64_t, kVocab> row_totals_{};
  std::int64_t pairs_ = 0;
};

}  // namespace am::analysis

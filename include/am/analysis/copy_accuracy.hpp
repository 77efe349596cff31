// "Right the second time": how often the model's top guess inside the second copy of a
// repeated-nonsense sequence is the true next character. The counting is separate from
// the model (score_copy_predictions takes any predictor), so tests can check exactly
// which positions are counted.
#pragma once

#include <array>
#include <cstdint>
#include <functional>

#include "am/analysis/nonsense_set.hpp"

namespace am::analysis {

struct Tally {
  std::int64_t correct = 0;
  std::int64_t total = 0;
  double rate() const { return total > 0 ? static_cast<double>(correct) / static_cast<double>(total) : 0.0; }
  void add(bool right) { correct += right ? 1 : 0; ++total; }
  void merge(const Tally& o) { correct += o.correct; total += o.total; }
};

// Character classes for the error breakdown. Rare letters are the ones the novels
// barely train (q x z j k v); common are e t a o i n s h.
enum class CharClass { kRare = 0, kCommon = 1, kOtherLetter = 2, kSpace = 3 };
inline constexpr int kCharClasses = 4;
CharClass char_class(char c);
const char* char_class_name(CharClass c);  // "rare", "common", "other", "space"

struct CopyAccuracy {
  Tally overall;
  std::array<Tally, kNonsenseWordCounts> by_words{};         // index words - 2
  std::array<Tally, kCharClasses> by_next_class{};           // class of the character to predict
  std::array<Tally, kCharClasses> by_current_class{};        // class of the character just read

  void merge(const CopyAccuracy& o);
};

// predicted(sequence index, position i) -> the predicted id of text[i + 1].
using Predictor = std::function<int(int sequence, int position)>;
CopyAccuracy score_copy_predictions(const NonsenseSet& set, const Predictor& predicted);

// Adds one sequence's scored positions to `into` (the per-sequence step of the above).
void score_sequence(const NonsenseSequence& seq, const std::function<int(int position)>& predicted,
                    CopyAccuracy& into);

// Index of the largest logit; the first one on ties.
int argmax(const float* values, int n);

}  // namespace am::analysis

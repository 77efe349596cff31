// The repeated-nonsense set: random-letter "words" written twice, e.g.
// "qzxv kplw" + " " + "qzxv kplw". The model never met such strings in a book, so
// getting the second copy right can only come from copying the first.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace am::analysis {

inline constexpr std::uint64_t kNonsenseSeed = 20211222;  // fixed: every run scores the same set
inline constexpr int kNonsenseMinWords = 2;
inline constexpr int kNonsenseMaxWords = 6;
inline constexpr int kNonsenseWordCounts = kNonsenseMaxWords - kNonsenseMinWords + 1;  // 5
inline constexpr int kNonsensePerWordCount = 40;
inline constexpr int kNonsenseMinWordLength = 3;
inline constexpr int kNonsenseMaxWordLength = 5;
inline constexpr int kNonsenseMaxHalfLength = 31;  // so S + " " + S (<= 63) fits the context

struct NonsenseSequence {
  int words = 0;         // number of words in one copy
  std::string half;      // S: the words joined by single spaces
  std::string text;      // S + " " + S
  std::vector<int> ids;  // text as alphabet ids

  int half_length() const { return static_cast<int>(half.size()); }
  // The scored predictions: the model reading position i predicts text[i + 1]. We score
  // the positions whose NEXT character is the 2nd .. last character of the second copy,
  // i.e. i in [L + 1, 2L - 1] with L = |S| (the first character of the second copy, at
  // L + 1, is where the scored span starts reading). That is L - 1 predictions.
  int first_scored() const { return half_length() + 1; }
  int end_scored() const { return 2 * half_length(); }  // exclusive
};

struct NonsenseSet {
  std::uint64_t seed = 0;
  std::vector<NonsenseSequence> sequences;  // grouped by word count, 2 words first
};

// 40 sequences for each of 2..6 words; each word 3..5 random lower-case letters; a half
// longer than 31 characters is drawn again. Same seed -> the same set on every platform
// (std::mt19937_64 plus our own range reduction, no implementation-defined distributions).
NonsenseSet make_nonsense_set(std::uint64_t seed = kNonsenseSeed,
                              int per_word_count = kNonsensePerWordCount);

// The set the app and the tool use; built once, on first use (thread-safe).
const NonsenseSet& standard_nonsense_set();

}  // namespace am::analysis

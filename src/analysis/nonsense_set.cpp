#include "am/analysis/nonsense_set.hpp"

#include <random>

#include "am/model/alphabet.hpp"

namespace am::analysis {

namespace {

// A value in [0, n). mt19937_64 is specified bit for bit by the standard; the
// std distributions are not, so we reduce the range ourselves (the modulo bias,
// ~n / 2^64, is far below anything we could measure).
int uniform_below(std::mt19937_64& rng, int n) {
  return static_cast<int>(rng() % static_cast<std::uint64_t>(n));
}

std::string random_half(std::mt19937_64& rng, int words) {
  std::string half;
  for (int w = 0; w < words; ++w) {
    if (w > 0) half += ' ';
    const int length =
        kNonsenseMinWordLength + uniform_below(rng, kNonsenseMaxWordLength - kNonsenseMinWordLength + 1);
    for (int c = 0; c < length; ++c) half += static_cast<char>('a' + uniform_below(rng, 26));
  }
  return half;
}

}  // namespace

NonsenseSet make_nonsense_set(std::uint64_t seed, int per_word_count) {
  NonsenseSet set;
  set.seed = seed;
  std::mt19937_64 rng(seed);
  for (int words = kNonsenseMinWords; words <= kNonsenseMaxWords; ++words) {
    for (int n = 0; n < per_word_count; ++n) {
      NonsenseSequence seq;
      seq.words = words;
      do {
        seq.half = random_half(rng, words);
      } while (seq.half.size() > static_cast<std::size_t>(kNonsenseMaxHalfLength));
      seq.text = seq.half + " " + seq.half;
      seq.ids = encode(seq.text);
      set.sequences.push_back(std::move(seq));
    }
  }
  return set;
}

const NonsenseSet& standard_nonsense_set() {
  static const NonsenseSet set = make_nonsense_set();
  return set;
}

}  // namespace am::analysis

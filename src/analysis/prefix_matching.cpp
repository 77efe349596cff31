// Olsson et al.'s prefix-matching score: on random tokens written twice, how much a head
// attends from each token of the second copy to the token after its first occurrence.
#include <random>

#include "am/analysis/circuit_scores.hpp"

namespace am::analysis {

// attn: [T, T] row-major; the sequence is R + R with |R| = half_length, T = 2·half_length.
double prefix_matching_score(const float* attn, int T, int half_length) {
  const int L = half_length;
  double sum = 0.0;
  int n = 0;
  for (int i = L; i < T && i < 2 * L; ++i) {
    sum += attn[i * T + (i - L + 1)];
    ++n;
  }
  return n > 0 ? sum / n : 0.0;
}

RepeatedRandom make_repeated_random(int count, int half_length, std::uint64_t seed) {
  RepeatedRandom r;
  r.half_length = half_length;
  std::mt19937_64 rng(seed);
  for (int s = 0; s < count; ++s) {
    std::vector<int> ids(static_cast<std::size_t>(2 * half_length));
    for (int i = 0; i < half_length; ++i) {
      // our own reduction: std distributions differ between standard libraries
      const int id = static_cast<int>(rng() % static_cast<std::uint64_t>(kVocab));
      ids[static_cast<std::size_t>(i)] = ids[static_cast<std::size_t>(i + half_length)] = id;
    }
    r.sequences.push_back(std::move(ids));
  }
  return r;
}

}  // namespace am::analysis

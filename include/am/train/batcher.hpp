// Training windows drawn from the corpus: 65 ids each (64 inputs, and the 64
// characters they predict), starting anywhere in any book's training text, so a
// book is drawn in proportion to its length. A share of windows is instead one
// passage of L characters from the novels repeated to fill the window — the only
// "arranging" of the text the trainer does; it never makes up text.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "am/core/result.hpp"
#include "am/train/batch_gradient.hpp"
#include "am/train/corpus.hpp"
#include "am/train/rng.hpp"

namespace am::train {

struct BatchSettings {
  int batch = 48;
  double repeat_share = 0.5;  // round(share · batch) windows per batch are repeats
  int repeat_min = 4;         // passage length L uniform in [repeat_min, repeat_max]
  int repeat_max = 32;
  // Of this many candidate passages, repeat the one whose letters are rarest in the
  // novels (highest summed unigram surprisal): the same verbatim text, chosen so rare
  // letters get copied often enough to be learned. 1 = uniform choice.
  int repeat_pick = 1;
};

class Batcher {
 public:
  // Fails if no book has a full window of training text.
  static Result<Batcher> create(const Corpus& corpus, const BatchSettings& settings);

  // windows: [batch, 65] ids; the first repeats_per_batch() are repeated passages.
  void sample(Rng& rng, std::vector<int>& windows) const;
  int repeats_per_batch() const { return repeats_; }
  std::uint64_t window_starts() const { return starts_.empty() ? 0 : starts_.back(); }

 private:
  // Copies the window starting at global start index `start` into out: [length].
  void copy_window(std::uint64_t start, int length, int* out) const;

  BatchSettings settings_;
  int repeats_ = 0;
  std::vector<std::vector<std::uint8_t>> books_;  // training ids per book
  std::vector<std::uint64_t> starts_;             // cumulative window starts per book
  std::array<float, kVocab> surprisal_{};         // -log2 P(char) over the training text
};

// Held-out windows for the validation loss: non-overlapping 65-id windows from every
// book's held-out text; if there are more than max_windows, an evenly spaced subset.
// Returns [n, 65] ids (n may be 0 when the held-out texts are short).
std::vector<int> validation_windows(const Corpus& corpus, int max_windows);

}  // namespace am::train

#include "am/train/batcher.hpp"

#include <algorithm>
#include <cmath>

#include "am/model/alphabet.hpp"

namespace am::train {
namespace {

std::vector<std::uint8_t> to_ids(const std::string& text) {
  std::vector<std::uint8_t> ids;
  ids.reserve(text.size());
  for (char c : text) {
    const int id = char_to_id(c);
    if (id >= 0) ids.push_back(static_cast<std::uint8_t>(id));
  }
  return ids;
}

}  // namespace

Result<Batcher> Batcher::create(const Corpus& corpus, const BatchSettings& settings) {
  Batcher b;
  b.settings_ = settings;
  b.repeats_ = static_cast<int>(std::lround(settings.repeat_share * settings.batch));
  std::uint64_t total = 0;
  for (const Book& book : corpus.books) {
    b.books_.push_back(to_ids(book.train_text));
    const std::size_t n = b.books_.back().size();
    if (n >= static_cast<std::size_t>(kWindow)) total += n - kWindow + 1;
    b.starts_.push_back(total);
  }
  std::array<double, kVocab> counts{};
  double letters = 0;
  for (const auto& ids : b.books_)
    for (std::uint8_t id : ids) {
      counts[id] += 1;
      letters += 1;
    }
  for (int c = 0; c < kVocab; ++c)
    b.surprisal_[static_cast<std::size_t>(c)] =
        static_cast<float>(-std::log2((counts[static_cast<std::size_t>(c)] + 1.0) / (letters + kVocab)));
  if (total == 0)
    return fail("the corpus has no training text long enough for one window of " +
                std::to_string(kWindow) + " characters");
  return b;
}

void Batcher::copy_window(std::uint64_t start, int length, int* out) const {
  const auto book = static_cast<std::size_t>(
      std::upper_bound(starts_.begin(), starts_.end(), start) - starts_.begin());
  const std::uint64_t first = book == 0 ? 0 : starts_[book - 1];
  const std::uint8_t* ids = books_[book].data() + (start - first);
  for (int i = 0; i < length; ++i) out[i] = ids[i];
}

void Batcher::sample(Rng& rng, std::vector<int>& windows) const {
  windows.resize(static_cast<std::size_t>(settings_.batch) * kWindow);
  const std::uint64_t total = starts_.back();
  for (int b = 0; b < settings_.batch; ++b) {
    int* w = windows.data() + static_cast<std::size_t>(b) * kWindow;
    const std::uint64_t start = rng.below(total);
    if (b < repeats_) {
      // One passage of L characters, repeated: "abcd" -> "abcdabcdabcd..." (65 ids).
      const int span = settings_.repeat_max - settings_.repeat_min + 1;
      const int L = settings_.repeat_min + static_cast<int>(rng.below(static_cast<std::uint64_t>(span)));
      copy_window(start, L, w);
      // Of repeat_pick verbatim passages, keep the one with the rarest letters.
      float best = 0.0f;
      for (int i = 0; i < L; ++i) best += surprisal_[static_cast<std::size_t>(w[i])];
      int candidate[kWindow];
      for (int k = 1; k < settings_.repeat_pick; ++k) {
        copy_window(rng.below(total), L, candidate);
        float score = 0.0f;
        for (int i = 0; i < L; ++i) score += surprisal_[static_cast<std::size_t>(candidate[i])];
        if (score > best) {
          best = score;
          std::copy(candidate, candidate + L, w);
        }
      }
      for (int i = L; i < kWindow; ++i) w[i] = w[i - L];
    } else {
      copy_window(start, kWindow, w);
    }
  }
}

std::vector<int> validation_windows(const Corpus& corpus, int max_windows) {
  std::vector<int> all;
  for (const Book& book : corpus.books) {
    const auto ids = to_ids(book.heldout_text);
    for (std::size_t s = 0; s + kWindow <= ids.size(); s += kContext)
      all.insert(all.end(), ids.begin() + static_cast<std::ptrdiff_t>(s),
                 ids.begin() + static_cast<std::ptrdiff_t>(s + kWindow));
  }
  const std::size_t count = all.size() / kWindow;
  if (max_windows <= 0 || count <= static_cast<std::size_t>(max_windows)) return all;
  std::vector<int> picked;
  picked.reserve(static_cast<std::size_t>(max_windows) * kWindow);
  for (int i = 0; i < max_windows; ++i) {
    const std::size_t w = static_cast<std::size_t>(i) * count / static_cast<std::size_t>(max_windows);
    picked.insert(picked.end(), all.begin() + static_cast<std::ptrdiff_t>(w * kWindow),
                  all.begin() + static_cast<std::ptrdiff_t>((w + 1) * kWindow));
  }
  return picked;
}

}  // namespace am::train

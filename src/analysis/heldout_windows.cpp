#include "am/analysis/heldout_windows.hpp"

#include <random>

#include "am/model/alphabet.hpp"

namespace am::analysis {

std::vector<HeldoutWindow> sample_heldout_windows(const std::vector<std::string>& heldout_texts, int count,
                                                  std::uint64_t seed) {
  constexpr std::size_t kLength = kContext + 1;
  std::vector<int> usable;
  for (std::size_t b = 0; b < heldout_texts.size(); ++b)
    if (heldout_texts[b].size() >= kLength) usable.push_back(static_cast<int>(b));
  std::vector<HeldoutWindow> windows;
  if (usable.empty()) return windows;
  std::mt19937_64 rng(seed);  // specified bit for bit; range reduced by hand (see nonsense_set.cpp)
  for (int k = 0; k < count; ++k) {
    HeldoutWindow w;
    w.book = usable[static_cast<std::size_t>(k) % usable.size()];
    const std::string& text = heldout_texts[static_cast<std::size_t>(w.book)];
    w.start = static_cast<std::size_t>(rng() % (text.size() - kLength + 1));
    w.text = text.substr(w.start, kLength);
    w.ids = encode(w.text);
    windows.push_back(std::move(w));
  }
  return windows;
}

}  // namespace am::analysis

// Stretches of held-out novel text (never trained on) for the head scores and the
// validation loss of every checkpoint.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "am/model/config.hpp"

namespace am::analysis {

inline constexpr std::uint64_t kHeldoutSeed = 7341;
inline constexpr int kHeldoutWindows = 128;

struct HeldoutWindow {
  int book = 0;             // index into the texts given
  std::size_t start = 0;    // offset in that book's held-out text
  std::string text;         // kContext + 1 characters: kContext read, each one's successor predicted
  std::vector<int> ids;
};

// Draws `count` windows of kContext + 1 characters: window k comes from the k-th usable
// book in turn (books shorter than a window are skipped), at a seeded random offset.
// Same texts and seed -> same windows.
std::vector<HeldoutWindow> sample_heldout_windows(const std::vector<std::string>& heldout_texts,
                                                  int count = kHeldoutWindows,
                                                  std::uint64_t seed = kHeldoutSeed);

}  // namespace am::analysis

// A GIF's 256 colours, chosen for the whole clip by median cut: every pixel of every frame
// counts in a histogram of 15-bit colours (5 bits a channel); the colour cube is split
// where the pixels are, box by box, and each box gives its pixels' mean colour. Pure.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace am::video {

inline constexpr int kColourKeys = 1 << 15;

// The 15-bit key of an 8-bit colour.
inline std::uint16_t colour_key(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  return static_cast<std::uint16_t>(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
}

struct GifPalette {
  std::vector<std::array<std::uint8_t, 3>> colours;  // at most 256
  std::vector<std::uint8_t> index_of;                // kColourKeys entries: the nearest colour
};

// `histogram` has kColourKeys counts. At most `max_colours` (1..256) colours; fewer when the
// clip has fewer distinct keys. An empty histogram gives one black colour.
GifPalette median_cut(const std::vector<std::uint64_t>& histogram, int max_colours = 256);

}  // namespace am::video

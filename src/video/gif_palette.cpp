#include "gif_palette.hpp"

#include <algorithm>
#include <limits>

namespace am::video {
namespace {

struct Entry {
  std::array<std::uint8_t, 3> c;  // 5-bit channels
  std::uint64_t count;
};

struct Box {
  std::size_t begin, end;  // entries [begin, end)
  std::uint64_t count = 0;
  int axis = 0, range = 0;  // the longest side
};

Box measure(const std::vector<Entry>& entries, std::size_t begin, std::size_t end) {
  Box b{begin, end};
  std::array<int, 3> lo{31, 31, 31}, hi{0, 0, 0};
  for (std::size_t i = begin; i < end; ++i) {
    b.count += entries[i].count;
    for (int a = 0; a < 3; ++a) {
      lo[a] = std::min<int>(lo[a], entries[i].c[a]);
      hi[a] = std::max<int>(hi[a], entries[i].c[a]);
    }
  }
  for (int a = 0; a < 3; ++a)
    if (hi[a] - lo[a] > b.range) {
      b.range = hi[a] - lo[a];
      b.axis = a;
    }
  return b;
}

std::uint8_t widen(double five_bit) {
  return static_cast<std::uint8_t>(std::clamp(five_bit * 255.0 / 31.0 + 0.5, 0.0, 255.0));
}

}  // namespace

GifPalette median_cut(const std::vector<std::uint64_t>& histogram, int max_colours) {
  std::vector<Entry> entries;
  for (int key = 0; key < kColourKeys && key < static_cast<int>(histogram.size()); ++key)
    if (histogram[static_cast<std::size_t>(key)] > 0)
      entries.push_back({{static_cast<std::uint8_t>(key >> 10), static_cast<std::uint8_t>((key >> 5) & 31),
                          static_cast<std::uint8_t>(key & 31)},
                         histogram[static_cast<std::size_t>(key)]});
  GifPalette out;
  if (entries.empty()) {
    out.colours.push_back({0, 0, 0});
    out.index_of.assign(kColourKeys, 0);
    return out;
  }
  std::vector<Box> boxes = {measure(entries, 0, entries.size())};
  max_colours = std::clamp(max_colours, 1, 256);
  while (static_cast<int>(boxes.size()) < max_colours) {
    // The box with the most pixels times its longest side: where a split helps most.
    std::size_t pick = boxes.size();
    double best = 0.0;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      const double score = static_cast<double>(boxes[i].count) * boxes[i].range;
      if (boxes[i].end - boxes[i].begin > 1 && boxes[i].range > 0 && score > best) {
        best = score;
        pick = i;
      }
    }
    if (pick == boxes.size()) break;  // every box is one colour
    const Box b = boxes[pick];
    std::sort(entries.begin() + static_cast<std::ptrdiff_t>(b.begin),
              entries.begin() + static_cast<std::ptrdiff_t>(b.end),
              [axis = b.axis](const Entry& x, const Entry& y) { return x.c[axis] < y.c[axis]; });
    // Split at the pixel-weighted median, keeping at least one colour on each side.
    std::uint64_t seen = 0;
    std::size_t cut = b.begin + 1;
    for (std::size_t i = b.begin; i + 1 < b.end; ++i) {
      seen += entries[i].count;
      cut = i + 1;
      if (2 * seen >= b.count) break;
    }
    boxes[pick] = measure(entries, b.begin, cut);
    boxes.push_back(measure(entries, cut, b.end));
  }
  for (const Box& b : boxes) {
    double sum[3] = {0, 0, 0};
    for (std::size_t i = b.begin; i < b.end; ++i)
      for (int a = 0; a < 3; ++a)
        sum[a] += static_cast<double>(entries[i].c[a]) * static_cast<double>(entries[i].count);
    const double n = static_cast<double>(b.count);
    out.colours.push_back({widen(sum[0] / n), widen(sum[1] / n), widen(sum[2] / n)});
  }
  out.index_of.resize(kColourKeys);
  for (int key = 0; key < kColourKeys; ++key) {
    const int r = widen(key >> 10), g = widen((key >> 5) & 31), bl = widen(key & 31);
    int best = std::numeric_limits<int>::max(), at = 0;
    for (std::size_t i = 0; i < out.colours.size(); ++i) {
      const int dr = r - out.colours[i][0], dg = g - out.colours[i][1], db = bl - out.colours[i][2];
      const int d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;  // the eye weighs green most
      if (d < best) {
        best = d;
        at = static_cast<int>(i);
      }
    }
    out.index_of[static_cast<std::size_t>(key)] = static_cast<std::uint8_t>(at);
  }
  return out;
}

}  // namespace am::video

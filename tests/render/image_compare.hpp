// Comparing a rendered image with its reference: a pixel differs when any channel
// is off by more than the tolerance; the images match when few enough differ.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace am::render_test {

struct RgbaImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;
};

struct CompareResult {
  bool same_size = false;
  std::size_t differing = 0;  // pixels with a channel off by more than the tolerance
  std::size_t total = 0;
  int max_channel_diff = 0;
  double differing_share() const { return total == 0 ? 0.0 : static_cast<double>(differing) / static_cast<double>(total); }
};

CompareResult compare_images(const RgbaImage& expected, const RgbaImage& actual, int tolerance);
// Differing pixels in red over a dimmed grey copy of `expected`.
RgbaImage diff_image(const RgbaImage& expected, const RgbaImage& actual, int tolerance);

}  // namespace am::render_test

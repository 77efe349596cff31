#include "image_compare.hpp"

#include <algorithm>
#include <cstdlib>

namespace am::render_test {
namespace {

int channel_diff(const RgbaImage& a, const RgbaImage& b, std::size_t pixel) {
  int worst = 0;
  for (std::size_t c = 0; c < 4; ++c)
    worst = std::max(worst, std::abs(static_cast<int>(a.rgba[pixel * 4 + c]) - static_cast<int>(b.rgba[pixel * 4 + c])));
  return worst;
}

}  // namespace

CompareResult compare_images(const RgbaImage& expected, const RgbaImage& actual, int tolerance) {
  CompareResult r;
  r.same_size = expected.width == actual.width && expected.height == actual.height &&
                expected.rgba.size() == actual.rgba.size();
  if (!r.same_size) return r;
  r.total = static_cast<std::size_t>(expected.width) * static_cast<std::size_t>(expected.height);
  for (std::size_t p = 0; p < r.total; ++p) {
    const int d = channel_diff(expected, actual, p);
    r.max_channel_diff = std::max(r.max_channel_diff, d);
    if (d > tolerance) ++r.differing;
  }
  return r;
}

RgbaImage diff_image(const RgbaImage& expected, const RgbaImage& actual, int tolerance) {
  RgbaImage out = expected;
  if (expected.width != actual.width || expected.height != actual.height) return out;
  const std::size_t total = static_cast<std::size_t>(expected.width) * static_cast<std::size_t>(expected.height);
  for (std::size_t p = 0; p < total; ++p) {
    std::uint8_t* px = &out.rgba[p * 4];
    if (channel_diff(expected, actual, p) > tolerance) {
      px[0] = 255;
      px[1] = 0;
      px[2] = 0;
    } else {
      const auto grey = static_cast<std::uint8_t>((px[0] + px[1] + px[2]) / 9);
      px[0] = px[1] = px[2] = grey;
    }
    px[3] = 255;
  }
  return out;
}

}  // namespace am::render_test

// The reference-image comparison used by the screenshot tests.
#include <catch2/catch.hpp>

#include "image_compare.hpp"

using namespace am::render_test;

namespace {
RgbaImage flat(int w, int h, std::uint8_t v) {
  RgbaImage img;
  img.width = w;
  img.height = h;
  img.rgba.assign(static_cast<std::size_t>(w * h * 4), v);
  return img;
}
}  // namespace

TEST_CASE("identical images match; small differences stay within the tolerance") {
  const RgbaImage a = flat(10, 10, 100);
  RgbaImage b = a;
  CHECK(compare_images(a, b, 0).differing == 0);
  b.rgba[1] = 110;  // pixel 0, green +10
  auto r = compare_images(a, b, 16);
  CHECK(r.differing == 0);
  CHECK(r.max_channel_diff == 10);
  r = compare_images(a, b, 8);
  CHECK(r.differing == 1);
  CHECK(r.differing_share() == Approx(0.01));
}

TEST_CASE("different sizes never match; the diff image marks differing pixels red") {
  CHECK_FALSE(compare_images(flat(10, 10, 0), flat(10, 11, 0), 255).same_size);
  const RgbaImage a = flat(2, 1, 90);
  RgbaImage b = a;
  b.rgba[4] = 200;  // pixel 1, red channel
  const RgbaImage d = diff_image(a, b, 16);
  CHECK(d.rgba[4] == 255);
  CHECK(d.rgba[5] == 0);
  CHECK(d.rgba[0] == 30);  // dimmed grey
}

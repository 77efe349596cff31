// am-image-compare EXPECTED.png ACTUAL.png [--tolerance N] [--max-share F] [--diff OUT.png]
// Exit 0 when the images match, 1 when they differ (the diff image is written), 2 on bad input.
#include <cstdio>
#include <cstdlib>
#include <string>

#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include "image_compare.hpp"

using am::render_test::RgbaImage;

namespace {

bool load(const char* path, RgbaImage& out) {
  int channels = 0;
  unsigned char* data = stbi_load(path, &out.width, &out.height, &channels, 4);
  if (data == nullptr) return false;
  out.rgba.assign(data, data + static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height) * 4);
  stbi_image_free(data);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s EXPECTED.png ACTUAL.png [--tolerance N] [--max-share F] [--diff OUT.png]\n", argv[0]);
    return 2;
  }
  int tolerance = 16;
  double max_share = 0.005;
  std::string diff_path;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--tolerance") tolerance = std::atoi(argv[i + 1]);
    else if (flag == "--max-share") max_share = std::atof(argv[i + 1]);
    else if (flag == "--diff") diff_path = argv[i + 1];
    else {
      std::fprintf(stderr, "unknown option %s\n", flag.c_str());
      return 2;
    }
  }
  RgbaImage expected, actual;
  if (!load(argv[1], expected)) {
    std::fprintf(stderr, "cannot read the reference %s (create it with tools/update_reference_images.sh)\n", argv[1]);
    return 2;
  }
  if (!load(argv[2], actual)) {
    std::fprintf(stderr, "cannot read the rendered image %s\n", argv[2]);
    return 2;
  }
  const auto r = am::render_test::compare_images(expected, actual, tolerance);
  if (!r.same_size) {
    std::fprintf(stderr, "size differs: reference %dx%d, rendered %dx%d\n", expected.width, expected.height, actual.width,
                 actual.height);
    return 1;
  }
  const bool ok = r.differing_share() <= max_share;
  std::printf("%s: %zu of %zu pixels differ by more than %d (%.3f %%, allowed %.3f %%); largest channel difference %d\n",
              ok ? "match" : "DIFFERENT", r.differing, r.total, tolerance, 100.0 * r.differing_share(), 100.0 * max_share,
              r.max_channel_diff);
  if (!ok && !diff_path.empty()) {
    const RgbaImage d = am::render_test::diff_image(expected, actual, tolerance);
    if (stbi_write_png(diff_path.c_str(), d.width, d.height, 4, d.rgba.data(), d.width * 4) != 0)
      std::printf("diff image (differing pixels in red): %s\n", diff_path.c_str());
  }
  return ok ? 0 : 1;
}

// am-video-probe FILE [K OUT.png]: prints {"width", "height", "codec", "pixel_format",
// "frames", "duration"} as JSON; with K, also writes decoded frame K (from 0) as a PNG.
#include <cstdio>
#include <cstdlib>
#include <string>

#include <stb/stb_image_write.h>

#include "video_probe.hpp"

int main(int argc, char** argv) {
  if (argc != 2 && argc != 4) {
    std::fprintf(stderr, "usage: %s FILE [K OUT.png]\n", argv[0]);
    return 2;
  }
  std::optional<int> k;
  if (argc == 4) k = std::atoi(argv[2]);
  auto v = am::video_test::probe_video(argv[1], k);
  if (!v) {
    std::fprintf(stderr, "%s\n", v.error().c_str());
    return 1;
  }
  if (k && stbi_write_png(argv[3], v->width, v->height, 4, v->frame_rgba.data(), v->width * 4) == 0) {
    std::fprintf(stderr, "cannot write %s\n", argv[3]);
    return 1;
  }
  std::printf(
      "{\"width\": %d, \"height\": %d, \"codec\": \"%s\", \"pixel_format\": \"%s\", \"frames\": %d, "
      "\"duration\": %.4f}\n",
      v->width, v->height, v->codec.c_str(), v->pixel_format.c_str(), v->frames, v->duration);
  return 0;
}

// Reading a framebuffer back and writing it as a PNG (top row first).
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "am/core/result.hpp"

namespace am::render {

struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // rows top to bottom
};

// Reads RGBA8 pixels of the bound read framebuffer `framebuffer` and flips them upright.
Image read_framebuffer(unsigned framebuffer, int width, int height);
Status write_png(const std::filesystem::path& path, const Image& image);

}  // namespace am::render

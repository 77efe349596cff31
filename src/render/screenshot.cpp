#include "am/render/screenshot.hpp"

#include <algorithm>

#include <glad/gl.h>
#include <stb/stb_image_write.h>

namespace am::render {

Image read_framebuffer(unsigned framebuffer, int width, int height) {
  Image img;
  img.width = width;
  img.height = height;
  img.rgba.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, img.rgba.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  // GL's first row is the bottom one.
  const std::size_t row = static_cast<std::size_t>(width) * 4;
  for (int y = 0; y < height / 2; ++y)
    std::swap_ranges(img.rgba.begin() + static_cast<std::ptrdiff_t>(y * row),
                     img.rgba.begin() + static_cast<std::ptrdiff_t>((y + 1) * row),
                     img.rgba.begin() + static_cast<std::ptrdiff_t>((height - 1 - y) * row));
  return img;
}

Status write_png(const std::filesystem::path& path, const Image& image) {
  if (image.width <= 0 || image.height <= 0) return fail("no pixels to write to " + path.string());
  if (stbi_write_png(path.c_str(), image.width, image.height, 4, image.rgba.data(), image.width * 4) == 0)
    return fail("could not write " + path.string() + " (does the folder exist and is it writable?)");
  return Ok{};
}

}  // namespace am::render

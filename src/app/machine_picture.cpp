#include "machine_picture.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "offscreen_target.hpp"

namespace am::app {

float machine_picture_scale(int viewport_width) {
  if (viewport_width <= 0) return kMachinePictureScale;
  return std::min(kMachinePictureScale,
                  static_cast<float>(kMachinePictureMaxWidth) / static_cast<float>(viewport_width));
}

ui::ViewportRect scaled_rect(const ui::ViewportRect& v, float scale, int image_w, int image_h) {
  ui::ViewportRect r;
  r.x = std::clamp(static_cast<int>(std::lround(static_cast<float>(v.x) * scale)), 0, image_w);
  r.y = std::clamp(static_cast<int>(std::lround(static_cast<float>(v.y) * scale)), 0, image_h);
  r.w = std::clamp(static_cast<int>(std::lround(static_cast<float>(v.w) * scale)), 0, image_w - r.x);
  r.h = std::clamp(static_cast<int>(std::lround(static_cast<float>(v.h) * scale)), 0, image_h - r.y);
  return r;
}

render::Image crop(const render::Image& image, const ui::ViewportRect& r) {
  render::Image out;
  out.width = r.w;
  out.height = r.h;
  out.rgba.resize(static_cast<std::size_t>(r.w) * static_cast<std::size_t>(r.h) * 4);
  for (int row = 0; row < r.h; ++row)
    std::memcpy(
        out.rgba.data() + static_cast<std::size_t>(row) * static_cast<std::size_t>(r.w) * 4,
        image.rgba.data() + (static_cast<std::size_t>(r.y + row) * static_cast<std::size_t>(image.width) +
                             static_cast<std::size_t>(r.x)) *
                                4,
        static_cast<std::size_t>(r.w) * 4);
  return out;
}

std::filesystem::path machine_picture_path() {
  std::filesystem::path p = screenshot_path();
  p.replace_filename(p.stem().string() + "-machine.png");
  return p;
}

Status render_machine_png(MachineApp& app, const std::filesystem::path& out, int ui_width, int ui_height,
                          double time_seconds, int frames) {
  const float scale = machine_picture_scale(app.viewport().w > 0 ? app.viewport().w : ui_width);
  const int w = static_cast<int>(std::lround(static_cast<float>(ui_width) * scale));
  const int h = static_cast<int>(std::lround(static_cast<float>(ui_height) * scale));
  OffscreenTarget target;
  if (auto s = target.create(w, h); !s) return s;
  app.set_offscreen_scale(scale);
  Status drawn = Ok{};
  for (int i = 0; i < frames && drawn; ++i)
    if (auto frame = app.draw_frame(target.framebuffer(), w, h, time_seconds, false); !frame)
      drawn = fail(frame.error());
  app.set_offscreen_scale(1.0f);
  if (!drawn) return drawn;
  const render::Image image = render::read_framebuffer(target.framebuffer(), w, h);
  const ui::ViewportRect rect = scaled_rect(app.viewport(), scale, w, h);
  if (rect.w <= 0 || rect.h <= 0) return fail("the machine has no room in this window to be pictured");
  return render::write_png(out, crop(image, rect));
}

}  // namespace am::app

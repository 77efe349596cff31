// The 3D viewport: the rectangle of the window left to the machine once the side and
// bottom bars are placed. Pixels, top-left origin (as the mouse and the dump use them);
// the renderer converts to GL's bottom-left origin itself. Plain data, no GL or ImGui,
// so the camera framing, picking and the tests all read the same rectangle.
#pragma once

namespace am::ui {

struct ViewportRect {
  int x = 0, y = 0;  // top-left corner, pixels from the window's top-left
  int w = 0, h = 0;  // size in pixels

  float aspect() const { return h > 0 ? static_cast<float>(w) / static_cast<float>(h) : 1.0f; }
  bool contains(float px, float py) const {
    return px >= static_cast<float>(x) && py >= static_cast<float>(y) && px < static_cast<float>(x + w) &&
           py < static_cast<float>(y + h);
  }
  bool empty() const { return w <= 0 || h <= 0; }
  friend bool operator==(const ViewportRect&, const ViewportRect&) = default;
};

}  // namespace am::ui

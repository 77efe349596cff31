// The rectangle of the window the 3D view occupies, in pixels, top-left origin.
#pragma once

namespace am::ui {

struct ViewportRect {
  int x = 0, y = 0, w = 0, h = 0;
};

}  // namespace am::ui

// A picture of the machine alone for slides: the viewport (no bars or panels, callouts
// kept) rendered offscreen at twice the window's size, at most 3840 pixels wide.
#pragma once

#include <filesystem>

#include "am/core/result.hpp"
#include "am/render/screenshot.hpp"
#include "am/ui/viewport.hpp"
#include "machine_app.hpp"

namespace am::app {

inline constexpr float kMachinePictureScale = 2.0f;
inline constexpr int kMachinePictureMaxWidth = 3840;

// The scale for a viewport `viewport_width` UI pixels wide: 2, or less to stay within 3840.
float machine_picture_scale(int viewport_width);
// The rectangle `viewport` (UI pixels) covers in an image drawn at `scale`, inside it.
ui::ViewportRect scaled_rect(const ui::ViewportRect& viewport, float scale, int image_w, int image_h);
// Rows [y, y+h) and columns [x, x+w) of `image`.
render::Image crop(const render::Image& image, const ui::ViewportRect& rect);

// Where Shift+F12 puts the picture: beside F12's, named "...-machine.png".
std::filesystem::path machine_picture_path();

// Draws `frames` frames of a UI of `ui_width` x `ui_height` at the machine picture's
// scale and writes the viewport's part as a PNG.
Status render_machine_png(MachineApp& app, const std::filesystem::path& out, int ui_width, int ui_height,
                          double time_seconds, int frames);

}  // namespace am::app

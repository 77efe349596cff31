#include "screen_label_overlay.hpp"

#include <imgui.h>

#include <cmath>

#include "am/ui/screen_labels.hpp"

namespace am::app {

std::vector<DrawnScreenLabel> draw_screen_labels(std::span<const render::Label> labels,
                                                 const render::OrbitCamera& camera,
                                                 const ui::ViewportRect& viewport, float label_px,
                                                 std::span<const ui::ScreenRect> keep_clear) {
  std::vector<DrawnScreenLabel> drawn;
  if (viewport.w <= 0 || viewport.h <= 0 || labels.empty()) return drawn;
  // The renderer's own matrices (machine_app.cpp's FrameView), so each twin sits on its label.
  const glm::mat4 vp = camera.projection(viewport.aspect()) * camera.view();
  const ui::ScreenRect view{static_cast<float>(viewport.x), static_cast<float>(viewport.y),
                            static_cast<float>(viewport.w), static_cast<float>(viewport.h)};
  ImFont* font = ImGui::GetFont();
  const auto measure = [font](std::string_view text, float px) {
    const ImVec2 s = font->CalcTextSizeA(px, 1e9f, 0.0f, text.data(), text.data() + text.size());
    return glm::vec2(s.x, s.y);
  };
  const std::vector<ui::ScreenLabel> chosen =
      ui::choose_screen_labels(labels, vp, camera.eye(), view, label_px, measure, keep_clear);
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  // Dark enough to read on brass, light enough to keep the part under it in view.
  const ImU32 ink = IM_COL32(246, 236, 214, 255), back = IM_COL32(16, 14, 12, 170);
  for (const ui::ScreenLabel& s : chosen) {
    const std::string& text = labels[s.label].text;
    const ImVec2 size = font->CalcTextSizeA(s.px, 1e9f, 0.0f, text.c_str());
    const ui::ScreenRect& r = s.box;
    dl->AddRectFilled({r.x, r.y}, {r.right(), r.bottom()}, back, 0.2f * s.px);
    dl->AddText(font, s.px, {std::round(r.x + 0.5f * (r.w - size.x)), std::round(r.y + 0.5f * (r.h - size.y))}, ink,
                text.c_str());
    drawn.push_back({text, r, s.px});
  }
  return drawn;
}

}  // namespace am::app

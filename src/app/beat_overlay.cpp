#include "beat_overlay.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "am/render/framing.hpp"
#include "am/ui/word_wrap.hpp"

namespace am::app {
namespace {

ImVec2 nearest_on(const ui::ScreenRect& r, float x, float y) {
  return {std::clamp(x, r.x, r.right()), std::clamp(y, r.y, r.bottom())};
}

}  // namespace

bool stays_in_frame(const glm::vec3& lo, const glm::vec3& hi, const render::OrbitCamera& camera,
                    float aspect) {
  const render::NdcRect r = render::project_box(lo, hi, camera.projection(aspect) * camera.view());
  constexpr float kEdge = 0.95f;  // a part touching the very edge counts as leaving
  return r.x0 >= -kEdge && r.x1 <= kEdge && r.y0 >= -kEdge && r.y1 <= kEdge && r.width() > 0.02f;
}

BeatOverlayFacts draw_beat_overlay(const std::string& caption, const machine::Scene& scene,
                                   const render::OrbitCamera& camera, const ui::ViewportRect& viewport,
                                   const std::optional<ui::ScreenRect>& focus, float label_px) {
  BeatOverlayFacts facts;
  if (viewport.w <= 0 || viewport.h <= 0 || caption.empty()) return facts;
  const float aspect = static_cast<float>(viewport.w) / static_cast<float>(viewport.h);
  const glm::mat4 vp = camera.projection(aspect) * camera.view();
  const ui::ScreenRect view{static_cast<float>(viewport.x), static_cast<float>(viewport.y),
                            static_cast<float>(viewport.w), static_cast<float>(viewport.h)};
  ImFont* font = ImGui::GetFont();
  const float pad = std::round(0.4f * label_px);
  // The caption first (the largest box), beside the focus; then each note at its part.
  std::vector<ui::CalloutRequest> requests;
  std::vector<const std::string*> texts;
  // Wrapped at spaces only: ImGui's own wrapping also breaks after '.' and ',', which cut
  // "0.94" into "0." and "94".
  const float wrap = std::min(0.42f * view.w, 34.0f * label_px);
  std::string wrapped;
  for (std::string_view l : ui::wrap_words(caption, wrap, [&](std::string_view t) {
         return font->CalcTextSizeA(label_px, 1e9f, 0.0f, t.data(), t.data() + t.size()).x;
       }))
    wrapped.append(wrapped.empty() ? "" : "\n").append(l);
  const ImVec2 card = font->CalcTextSizeA(label_px, 1e9f, 0.0f, wrapped.c_str());
  const ui::ScreenRect at =
      focus.value_or(ui::ScreenRect{view.x + 0.5f * view.w, view.y + 0.5f * view.h, 0, 0});
  requests.push_back({std::clamp(at.right(), view.x, view.right()),
                      std::clamp(at.y + 0.5f * at.h, view.y, view.bottom()), card.x + 2 * pad,
                      card.y + 2 * pad});
  texts.push_back(&wrapped);
  for (const machine::ScreenNote& n : scene.notes) {
    const auto a = ui::project_to_window(vp, n.anchor, view);
    if (!a) continue;  // behind the eye
    const float ax = a->x, ay = a->y;
    if (ax < view.x || ax > view.right() || ay < view.y || ay > view.bottom()) continue;
    const ImVec2 size = font->CalcTextSizeA(label_px, 1e9f, 0.0f, n.text.c_str());
    requests.push_back({ax, ay, size.x + 2 * pad, size.y + 2 * pad});
    texts.push_back(&n.text);
  }
  const std::vector<ui::PlacedCallout> placed = ui::place_callouts(requests, view, focus, 0.8f * label_px);
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImU32 ink = IM_COL32(250, 244, 228, 255), back = IM_COL32(20, 18, 30, 228);
  const ImU32 edge = IM_COL32(120, 200, 255, 255), note_back = IM_COL32(14, 24, 34, 225);
  const float line = std::max(1.0f, label_px / 12.0f);
  for (std::size_t i = 0; i < placed.size(); ++i) {
    if (!placed[i].placed) continue;
    const ui::ScreenRect& r = placed[i].box;
    const bool is_caption = i == 0;
    if (!is_caption) {
      const ImVec2 anchor(requests[i].anchor_x, requests[i].anchor_y);
      dl->AddLine(anchor, nearest_on(r, anchor.x, anchor.y), edge, line);
      dl->AddCircleFilled(anchor, 2.5f * line, edge);
      ++facts.notes;
      facts.note_boxes.push_back(r);
    }
    dl->AddRectFilled({r.x, r.y}, {r.right(), r.bottom()}, is_caption ? back : note_back, 0.3f * pad);
    dl->AddRect({r.x, r.y}, {r.right(), r.bottom()}, edge, 0.3f * pad, 0, line);
    dl->AddText(font, label_px, {r.x + pad, r.y + pad}, ink, texts[i]->c_str());
    if (is_caption) facts.caption = r;
  }
  return facts;
}

}  // namespace am::app

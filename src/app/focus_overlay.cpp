#include "focus_overlay.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "am/machine/focus.hpp"
#include "am/render/framing.hpp"
#include "camera_presets.hpp"

namespace am::app {
namespace {

using machine::FocusPart;

// Parts whose callout names one member (the highest dial, the copied key...) point
// at that member; the others at the middle of the group.
bool points_at_member(FocusPart f) {
  return f == FocusPart::kLiftedDials || f == FocusPart::kThreads || f == FocusPart::kBeads ||
         f == FocusPart::kCopyThread || f == FocusPart::kColumns || f == FocusPart::kQuerySlug ||
         f == FocusPart::kMlp;  // the lifted layer's tallest needle, as the text describes it
}

ui::ScreenRect to_pixels(const render::NdcRect& r, const ui::ViewportRect& v) {
  const float x0 = static_cast<float>(v.x) + (0.5f * r.x0 + 0.5f) * static_cast<float>(v.w);
  const float x1 = static_cast<float>(v.x) + (0.5f * r.x1 + 0.5f) * static_cast<float>(v.w);
  const float y0 = static_cast<float>(v.y) + (0.5f - 0.5f * r.y1) * static_cast<float>(v.h);
  const float y1 = static_cast<float>(v.y) + (0.5f - 0.5f * r.y0) * static_cast<float>(v.h);
  return {x0, y0, x1 - x0, y1 - y0};
}

ImVec2 nearest_on(const ui::ScreenRect& r, float x, float y) {
  return {std::clamp(x, r.x, r.right()), std::clamp(y, r.y, r.bottom())};
}

}  // namespace

FocusFacts draw_focus_overlay(const ui::FocusList& focus, const machine::Scene& scene,
                              const machine::SceneInput& input, const ui::AppState& state,
                              const render::OrbitCamera& camera, const ui::ViewportRect& viewport, float label_px,
                              bool callouts) {
  FocusFacts facts;
  if (viewport.w <= 0 || viewport.h <= 0) return facts;
  const float aspect = static_cast<float>(viewport.w) / static_cast<float>(viewport.h);
  const glm::mat4 vp = camera.projection(aspect) * camera.view();
  const ui::ScreenRect view_rect{static_cast<float>(viewport.x), static_cast<float>(viewport.y),
                                 static_cast<float>(viewport.w), static_cast<float>(viewport.h)};

  const machine::Box box = focus_box(focus, scene, input);
  if (!box.empty()) facts.focus = to_pixels(render::project_box(box.lo, box.hi, vp), viewport);
  for (FocusPart f : focus.view()) facts.parts.emplace_back(machine::focus_part_name(f));
  if (!callouts) return facts;

  // One callout per focus part that the scene shows.
  ImFont* font = ImGui::GetFont();
  const float pad = std::round(0.35f * label_px);
  std::vector<ui::CalloutRequest> requests;
  std::vector<std::string> texts;
  for (FocusPart f : focus.view()) {
    const auto rep_id = machine::representative_part(scene, input, f);
    const machine::Part* rep = rep_id ? scene.part(*rep_id) : nullptr;
    std::string text = ui::callout_text(f, rep, input, state);
    const machine::Box b = points_at_member(f) && rep_id ? machine::pick_bounds(scene, *rep_id)
                                                         : machine::part_bounds(scene, input, f);
    if (text.empty() || b.empty()) continue;
    const auto a = ui::project_to_window(vp, b.centre(), view_rect);
    if (!a) continue;  // behind the eye
    const float ax = a->x, ay = a->y;
    if (ax < view_rect.x || ax > view_rect.right() || ay < view_rect.y || ay > view_rect.bottom()) continue;
    const ImVec2 size = font->CalcTextSizeA(label_px, 1e9f, 0.0f, text.c_str());
    requests.push_back({ax, ay, size.x + 2.0f * pad, size.y + 2.0f * pad});
    texts.push_back(std::move(text));
  }
  const std::vector<ui::PlacedCallout> placed = ui::place_callouts(requests, view_rect, facts.focus, 1.5f * label_px);

  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImU32 ink = IM_COL32(246, 236, 214, 255), back = IM_COL32(24, 20, 16, 215), brass = IM_COL32(200, 160, 88, 255);
  const float line = std::max(1.0f, label_px / 12.0f);
  for (std::size_t i = 0; i < placed.size(); ++i) {
    if (!placed[i].placed) continue;
    const ui::ScreenRect& r = placed[i].box;
    const ImVec2 anchor(requests[i].anchor_x, requests[i].anchor_y);
    dl->AddLine(anchor, nearest_on(r, anchor.x, anchor.y), brass, line);
    dl->AddCircleFilled(anchor, 2.5f * line, brass);
    dl->AddRectFilled({r.x, r.y}, {r.right(), r.bottom()}, back, 0.3f * pad);
    dl->AddRect({r.x, r.y}, {r.right(), r.bottom()}, brass, 0.3f * pad, 0, line);
    dl->AddText(font, label_px, {r.x + pad, r.y + pad}, ink, texts[i].c_str());
    facts.callouts.push_back(r);
    facts.callout_texts.push_back(texts[i]);
  }
  return facts;
}

}  // namespace am::app

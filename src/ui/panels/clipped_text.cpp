// What did not fit this frame, found by measuring each drawn panel after its End():
// a title wider than its title bar, contents reaching past the panel's right edge
// where no horizontal scroll bar can bring them into view, or a fixed panel's contents
// reaching below its bottom edge.
#include <cmath>
#include <string>
#include <utility>

#include <imgui.h>
#include <imgui_internal.h>

#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

// "Rack of heads###rack" -> "Rack of heads"; "##status" -> "status".
std::string shown_name(const char* name) {
  std::string s = name;
  if (const auto at = s.find("###"); at != std::string::npos) s.resize(at);
  if (s.rfind("##", 0) == 0) s.erase(0, 2);
  if (const auto at = s.find("##"); at != std::string::npos) s.resize(at);
  return s;
}

// What the panels reported themselves this frame.
std::vector<std::string>& reported() {
  static std::vector<std::string> list;  // one UI thread; emptied by each measurement
  return list;
}

}  // namespace

void report_clipped(std::string what) { reported().push_back(std::move(what)); }

std::vector<std::string> measure_clipped_text() {
  std::vector<std::string> out = std::exchange(reported(), {});
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImGuiStyle& style = ImGui::GetStyle();
  for (const ImGuiWindow* w : g.Windows) {
    // Only what is on screen this frame (a collapsed bar's stand-in lies far off it).
    if (!w->Active || w->Hidden || w->Pos.x < -1000.0f || (w->Flags & ImGuiWindowFlags_Tooltip)) continue;
    const std::string name = shown_name(w->Name);
    if (!(w->Flags & ImGuiWindowFlags_NoTitleBar) && !name.empty()) {
      float room = w->TitleBarRect().GetWidth() - 2.0f * style.FramePadding.x;
      if (!(w->Flags & ImGuiWindowFlags_NoCollapse)) room -= g.FontSize + style.ItemInnerSpacing.x;
      if (w->HasCloseButton) room -= g.FontSize + style.ItemInnerSpacing.x;
      if (ImGui::CalcTextSize(name.c_str()).x > room + 0.5f) out.push_back("title \u201c" + name + "\u201d");
    }
    // A fixed panel shows all it draws: nothing below its bottom edge (scrolling to it is
    // not seeing it). The chapter's words, the inspector and "why?" scroll instead.
    // The window's own edge, not the screen's: a column that scrolls as a whole puts some
    // of its panels below the screen, all of them in view when scrolled to.
    const float below = w->DC.CursorMaxPos.y - w->InnerRect.Max.y;
    if (below > 1.0f && widgets::must_fit_its_slot(w->Name))
      out.push_back("\u201c" + (name.empty() ? std::string("a panel") : name) + "\u201d: " +
                    std::to_string(static_cast<int>(std::lround(below))) + " px below its bottom edge");
    if (w->ScrollbarX || (w->Flags & ImGuiWindowFlags_HorizontalScrollbar)) continue;
    const float over = w->DC.CursorMaxPos.x - w->WorkRect.Max.x;
    if (over > 1.0f)
      out.push_back("\u201c" + (name.empty() ? std::string("a panel") : name) + "\u201d: " +
                    std::to_string(static_cast<int>(std::lround(over))) + " px past its right edge");
  }
  return out;
}

}  // namespace am::ui

#include "panel_widgets.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <string_view>
#include <utility>

#include <imgui_internal.h>  // last frame's extent of each window's contents

#include "am/model/alphabet.hpp"
#include "am/ui/glossary.hpp"
#include "am/ui/word_wrap.hpp"

namespace am::ui::widgets {

namespace {

// One wrapped line, its glossary terms drawn as hoverable, underlined pieces.
void line_with_terms(std::string_view line, std::vector<const GlossaryEntry*>& seen) {
  std::vector<TermMatch> terms;
  for (const TermMatch& t : find_terms(line))
    if (std::find(seen.begin(), seen.end(), t.entry) == seen.end()) {
      terms.push_back(t);
      seen.push_back(t.entry);
    }
  if (terms.empty()) {
    ImGui::TextUnformatted(line.data(), line.data() + line.size());
    return;
  }
  const ImVec4 term_colour = ImGui::ColorConvertU32ToFloat4(colour_accent());
  std::size_t at = 0;
  bool first = true;
  const auto piece = [&](std::size_t from, std::size_t to) {
    if (!first) ImGui::SameLine(0.0f, 0.0f);
    first = false;
    ImGui::TextUnformatted(line.data() + from, line.data() + to);
  };
  for (const TermMatch& t : terms) {
    if (t.start > at) piece(at, t.start);
    ImGui::PushStyleColor(ImGuiCol_Text, term_colour);
    piece(t.start, t.start + t.length);
    ImGui::PopStyleColor();
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    ImGui::GetWindowDrawList()->AddLine({lo.x, hi.y}, {hi.x, hi.y}, colour_accent(), 1.0f);
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0f);
      ImGui::TextUnformatted(t.entry->term.data(), t.entry->term.data() + t.entry->term.size());
      ImGui::Separator();
      ImGui::TextUnformatted(t.entry->sentence.data(), t.entry->sentence.data() + t.entry->sentence.size());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    at = t.start + t.length;
  }
  if (at < line.size()) piece(at, line.size());
}

// The frame this ImGui frame is laid out in, and what the panels drew: per frame,
// reset by begin_frame_panels (as ImGui's own current context is per frame).
struct FramePanels {
  FrameLayout layout;
  bool framed = false;
  std::vector<std::pair<std::string, PanelRect>> drawn;
  SlotNeeds overfull;  // what still does not fit after trading space (a scroll bar shows it)
  int left_scroll = 0, right_scroll = 0;  // an overflowing column's scroll, kept between frames
  bool bottom_wide = false;                // the bottom bar has a row of its own (fit_to_needs)...
  std::array<int, 3> bottom_wide_for{};    // ...at this window width, height and line (x100)
  // What each window's flexible part (a chart) could give up: drawn last frame, until
  // begin_frame_panels has measured the needs with it (the windows' extents are last
  // frame's too; last-but-one's, as before, mismeasured a bar that had just changed height).
  std::vector<std::pair<std::string, float>> flex;
};
FramePanels g_frame;

struct Slot {
  const PanelRect* rect = nullptr;
  bool open = false;  // its bar is open (not collapsed, not presentation mode)
  bool title_bar = false;
  const char* name = "";  // in the dump
  bool scrolls = false;   // long texts scroll here; every other slot shows all it draws
};

// The panel windows the frame has a place for, by the ID part of their window name.
Slot slot_for(std::string_view title) {
  const std::size_t hashes = title.find("###");
  const std::string_view id = hashes == std::string_view::npos ? title : title.substr(hashes + 3);
  const FrameLayout& f = g_frame.layout;
  const bool left = f.left_open && !f.presentation, right = f.right_open && !f.presentation,
             bottom = f.bottom_open && !f.presentation;
  if (id == "Chapters") return {&f.navigator, left, false, "navigator"};
  if (id == "chapter") return {&f.chapter, left, false, "chapter", true};
  if (id == "beats") return {&f.beats, left, false, "beats"};
  if (id == "##status") return {&f.status, left, false, "status"};
  if (id == "Next character") return {&f.predictions, right, true, "predictions"};
  // Beside "why?" the rack keeps a few rows and scrolls (fit_to_needs).
  if (id == "Rack of heads") return {&f.rack, right, true, "rack", !f.why.empty()};
  if (id == "Inspector") return {&f.inspector, right, true, "inspector", true};
  if (id == "Why") return {&f.why, right, true, "why", true};
  if (id == "Text") return {&f.text, bottom, false, "text"};
  if (id == "Training drum") return {&f.drum, bottom, false, "drum"};
  return {};
}

PanelRect window_rect() {
  const ImVec2 p = ImGui::GetWindowPos(), s = ImGui::GetWindowSize();
  return {static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y)),
          static_cast<int>(std::lround(s.x)), static_cast<int>(std::lround(s.y))};
}

std::string dialog_name(std::string_view title) {
  std::string name(title.substr(0, title.find("##")));
  for (char& c : name) c = c == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

}  // namespace

void text_wrapped_whole(const std::string& text, bool disabled,
                        std::vector<const GlossaryEntry*>* glossary_seen) {
  // The panel's width, however narrow (a floor wider than the panel ran lines past its
  // edge: the rack beside its scroll bar at font 1.5); only a panel with no room at all
  // (not laid out yet) wraps at 8 ems.
  const float avail = ImGui::GetContentRegionAvail().x;
  const float width = avail >= 2.0f * ImGui::GetFontSize() ? avail : 8.0f * ImGui::GetFontSize();
  const auto measure = [](std::string_view s) {
    return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
  };
  if (disabled) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  // The lines are broken already: ImGui's own wrapping (the panels push one) must not
  // break them again, which put the last word of a line with a glossary term, drawn in
  // pieces, on a line of its own ("zero / is").
  ImGui::PushTextWrapPos(-1.0f);
  for (std::string_view line : wrap_words(text, width, measure)) {
    if (glossary_seen != nullptr)
      line_with_terms(line, *glossary_seen);
    else
      ImGui::TextUnformatted(line.data(), line.data() + line.size());
  }
  ImGui::PopTextWrapPos();
  if (disabled) ImGui::PopStyleColor();
}

bool must_fit_its_slot(const char* window_name) {
  if (!g_frame.framed) return false;
  const Slot slot = slot_for(window_name);
  return slot.rect != nullptr && slot.open && !slot.scrolls;
}

bool begin_shown_panel(const char* title, bool PanelVisibility::*shown, const AppState& state,
                       StateIntents& intents, ImVec2 position_fraction, ImVec2 size, ImGuiWindowFlags flags) {
  bool open = state.settings.panels.*shown;
  const bool drawn = begin_panel(title, &open, position_fraction, size, flags);
  if (!open) {
    Settings closed = intents.settings_from(state);
    closed.panels.*shown = false;
    intents.ask_settings(state, closed);
  }
  return drawn;
}

bool begin_panel(const char* title, bool* open, ImVec2 position_fraction, ImVec2 size,
                 ImGuiWindowFlags flags) {
  const Slot slot = g_frame.framed ? slot_for(title) : Slot{};
  if (slot.rect != nullptr) {
    if (!slot.open || slot.rect->empty()) {
      // Its bar is collapsed or hidden: a stand-in window that draws nothing, takes no
      // input and lies off the screen, so the caller's End() still has its Begin().
      ImGui::SetNextWindowPos(ImVec2(-100000.0f, -100000.0f), ImGuiCond_Always);
      ImGui::SetNextWindowSize(ImVec2(1.0f, 1.0f), ImGuiCond_Always);
      const std::string hidden = std::string("##hidden ") + title;
      ImGui::Begin(hidden.c_str(), nullptr,
                   ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoBackground |
                       ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoNav |
                       ImGuiWindowFlags_NoFocusOnAppearing);
      return false;
    }
    // A fixed part of the frame: placed every frame, no moving, resizing or closing.
    const PanelRect& r = *slot.rect;
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(r.x), static_cast<float>(r.y)), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(r.w), static_cast<float>(r.h)), ImGuiCond_Always);
    flags |= ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
             ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    if (!slot.title_bar) flags |= ImGuiWindowFlags_NoTitleBar;
    // A slot that shows all it draws has no scroll bar: one that came and went would
    // narrow the text, wrap it again and change what the panel needs every other frame.
    // Where trading space could not make room, the scroll bar comes back to show it.
    const std::string_view name = slot.name;
    const bool overfull = (name == "rack" && g_frame.overfull.rack > 0) || (name == "beats" && g_frame.overfull.beats > 0) ||
                          (name == "text" && g_frame.overfull.text > 0) ||
                          (name == "drum" && g_frame.overfull.drum > 0);
    if (!slot.scrolls && !overfull) flags |= ImGuiWindowFlags_NoScrollbar;
    // Under a bottom bar that spans the window, a scrolled column's panels run on below
    // the column: the bar's panels hide them (opaque, in front; the columns at the back).
    const bool in_bottom = name == "text" || name == "drum";
    const bool under_bottom = g_frame.layout.bottom_wide && !in_bottom;
    if (g_frame.layout.bottom_wide && in_bottom) ImGui::SetNextWindowBgAlpha(1.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6.0f, 4.0f));
    const bool shown = ImGui::Begin(title, nullptr, flags);
    ImGui::PopStyleVar(2);
    if (under_bottom) ImGui::BringWindowToDisplayBack(ImGui::GetCurrentWindow());
    // Columns are narrow: every line of text wraps at the slot's edge instead of being
    // cut off. (Begin resets the wrap position, so End needs no matching pop.)
    ImGui::PushTextWrapPos(0.0f);
    return shown;
  }
  // A dialog: placed on first use, in the viewport when there is a frame; then the user's.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImVec2 at(display.x * position_fraction.x, display.y * position_fraction.y);
  if (g_frame.framed) {
    const ViewportRect& v = g_frame.layout.viewport;
    at = ImVec2(static_cast<float>(v.x) + 0.5f * std::max(0.0f, static_cast<float>(v.w) - size.x),
                static_cast<float>(v.y) + 0.25f * std::max(0.0f, static_cast<float>(v.h) - size.y));
  }
  ImGui::SetNextWindowPos(at, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(size, ImGuiCond_FirstUseEver);
  const bool shown = ImGui::Begin(title, open, flags);
  if (g_frame.framed) g_frame.drawn.emplace_back(dialog_name(title), window_rect());
  return shown;
}

void flexible_height(float px) {
  if (px > 0.0f) g_frame.flex.emplace_back(ImGui::GetCurrentWindow()->Name, px);
}

void same_line_if_room(float width) {
  const float row_right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (fits_beside(ImGui::GetItemRectMax().x, ImGui::GetStyle().ItemSpacing.x, width, row_right))
    ImGui::SameLine();
}

void help_marker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

std::string char_label(int id) {
  const char c = id_to_char(id);
  if (c == ' ') return "space";
  return std::string(1, c);
}

void probability_bar(float p, std::optional<float> ghost, const std::string& overlay) {
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x, 40.0f);
  const float height = ImGui::GetFrameHeight();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(start, ImVec2(start.x + width, start.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg));
  draw->AddRectFilled(start, ImVec2(start.x + width * std::clamp(p, 0.0f, 1.0f), start.y + height),
                      colour_accent());
  if (ghost) {
    // The intact model's value as an outline: the gap shows what pulling the heads cost.
    const float x = start.x + width * std::clamp(*ghost, 0.0f, 1.0f);
    draw->AddRect(start, ImVec2(x, start.y + height), colour_ghost(), 0.0f, 0, 2.0f);
  }
  draw->AddText(ImVec2(start.x + 4.0f, start.y + (height - ImGui::GetFontSize()) * 0.5f),
                ImGui::GetColorU32(ImGuiCol_Text), overlay.c_str());
  ImGui::Dummy(ImVec2(width, height));
}

void draw_chart(const char* id, const std::vector<std::int64_t>& steps, const std::vector<Series>& series,
                std::int64_t current, const std::vector<std::int64_t>& marks, float height) {
  ImGui::PushID(id);
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x, 60.0f);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(start, ImVec2(start.x + width, start.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg));
  if (steps.size() >= 2 && steps.back() > steps.front()) {
    const double x0 = static_cast<double>(steps.front());
    const double span = static_cast<double>(steps.back()) - x0;
    const auto x_of = [&](std::int64_t step) {
      return start.x + static_cast<float>((static_cast<double>(step) - x0) / span) * width;
    };
    for (std::int64_t m : marks)
      draw->AddLine(ImVec2(x_of(m), start.y), ImVec2(x_of(m), start.y + height),
                    ImGui::GetColorU32(ImGuiCol_Border));
    for (const Series& s : series) {
      // Each series is scaled to its own range: loss and accuracy share one box.
      float lo = INFINITY, hi = -INFINITY;
      for (float v : s.values)
        if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
      if (!std::isfinite(lo)) continue;
      if (std::isfinite(s.lo) && std::isfinite(s.hi)) lo = s.lo, hi = s.hi;
      if (hi - lo < 1e-6f) hi = lo + 1.0f;
      bool have_previous = false;
      ImVec2 previous;
      for (std::size_t i = 0; i < s.values.size() && i < steps.size(); ++i) {
        if (!std::isfinite(s.values[i])) {
          have_previous = false;
          continue;
        }
        const ImVec2 p(x_of(steps[i]),
                       start.y + height - 2.0f - (s.values[i] - lo) / (hi - lo) * (height - 4.0f));
        if (have_previous) draw->AddLine(previous, p, s.colour, 1.5f);
        previous = p;
        have_previous = true;
      }
    }
    const float cx = x_of(std::clamp(current, steps.front(), steps.back()));
    draw->AddLine(ImVec2(cx, start.y), ImVec2(cx, start.y + height), colour_accent(), 2.0f);
  }
  ImGui::Dummy(ImVec2(width, height));
  ImGui::PopID();
}

ImU32 colour_accent() { return IM_COL32(214, 170, 92, 255); }    // brass
ImU32 colour_loss() { return IM_COL32(110, 170, 230, 255); }     // blue
ImU32 colour_accuracy() { return IM_COL32(230, 140, 70, 255); }  // copper
ImU32 colour_ablated() {
  return IM_COL32(200, 90, 200, 255);
}  // violet: distinct for colour-blind readers too
ImU32 colour_other_run() { return IM_COL32(120, 200, 110, 255); }  // green: the other run
ImU32 colour_ghost() { return IM_COL32(235, 235, 235, 170); }
ImVec4 colour_error() { return ImVec4(1.0f, 0.45f, 0.4f, 1.0f); }

}  // namespace am::ui::widgets

namespace am::ui {

namespace {

// What the panels in the rack's and the bottom bar's slots drew last frame, measured:
// from the window's top to its lowest item, with the padding under it, less what a
// flexible part could have given up.
SlotNeeds last_frame_needs() {
  SlotNeeds needs;
  const ImGuiContext* g = ImGui::GetCurrentContext();
  if (g == nullptr) return needs;
  for (const ImGuiWindow* w : g->Windows) {
    if (!w->WasActive || w->Hidden) continue;
    const std::string_view slot = widgets::slot_for(w->Name).name;
    float flex = 0.0f;
    for (const auto& [name, px] : widgets::g_frame.flex)
      if (name == w->Name) flex = px;
    const int need = static_cast<int>(
        std::ceil(w->DC.CursorMaxPos.y + w->Scroll.y - w->Pos.y + w->WindowPadding.y - flex));
    if (slot == "text")
      needs.text = need;
    else if (slot == "drum")
      needs.drum = need;
    else if (slot == "rack")
      needs.rack = std::max(needs.rack, need);
    else if (slot == "beats")  // grown only to show all it draws: its bottom padding may go
      needs.beats = static_cast<int>(std::ceil(static_cast<float>(need) - w->WindowPadding.y));
  }
  return needs;
}

// An overflowing column's scroll bar, along its right edge: an empty window as tall as the
// column whose contents are as tall as its panels, so ImGui drags and wheels it. The wheel
// over a panel of the column that does not scroll itself scrolls the column too. Returns
// the column's scroll.
int column_scroll_bar(const char* id, const PanelRect& column, int overflow, int scroll) {
  if (overflow <= 0 || column.empty()) return 0;
  const ImGuiIO& io = ImGui::GetIO();
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const float bar = ImGui::GetStyle().ScrollbarSize;
  bool moved = false;
  if (io.MouseWheel != 0.0f && io.MousePos.x >= column.x && io.MousePos.x < column.x + column.w &&
      (g.HoveredWindow == nullptr || !g.HoveredWindow->ScrollbarY)) {
    scroll -= static_cast<int>(std::lround(io.MouseWheel * 3.0f * ImGui::GetTextLineHeightWithSpacing()));
    moved = true;
  }
  scroll = std::clamp(scroll, 0, overflow);
  ImGui::SetNextWindowPos(ImVec2(static_cast<float>(column.x + column.w) - bar, static_cast<float>(column.y)),
                          ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(bar, static_cast<float>(column.h)), ImGuiCond_Always);
  ImGui::SetNextWindowContentSize(ImVec2(0.0f, static_cast<float>(column.h + overflow)));
  if (moved) ImGui::SetNextWindowScroll(ImVec2(-1.0f, static_cast<float>(scroll)));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1.0f, 1.0f));  // else 32 px wide, half off the screen
  ImGui::Begin(id, nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysVerticalScrollbar |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav);
  if (!moved) scroll = static_cast<int>(std::lround(ImGui::GetScrollY()));
  ImGui::End();
  ImGui::PopStyleVar(3);
  return std::clamp(scroll, 0, overflow);
}

}  // namespace

void begin_frame_panels(FrameLayout& layout) {
  widgets::FramePanels& f = widgets::g_frame;
  f.layout = layout;  // slot_for reads which bars are open
  f.framed = true;
  const SlotNeeds needs = last_frame_needs();
  const float line = ImGui::GetTextLineHeightWithSpacing();
  // The bottom bar takes a row of its own once its panels could not fit between the
  // columns, and keeps it while the window and the font stay (measured there, they would
  // fit, and it would go back and forth).
  const std::array<int, 3> shape{layout.window.w, layout.window.h, static_cast<int>(std::lround(line * 100.0f))};
  if (shape != f.bottom_wide_for) f.bottom_wide = false;
  const FrameLayout before = layout;
  fit_to_needs(layout, needs, line, f.bottom_wide);
  if (!f.bottom_wide && bottom_overfull(layout, needs)) {
    f.bottom_wide = true;
    f.bottom_wide_for = shape;
    layout = before;
    fit_to_needs(layout, needs, line, true);
  }
  const int bar = static_cast<int>(std::ceil(ImGui::GetStyle().ScrollbarSize));
  f.left_scroll = column_scroll_bar("##left column", layout.left, layout.left_overflow, f.left_scroll);
  f.right_scroll = column_scroll_bar("##right column", layout.right, layout.right_overflow, f.right_scroll);
  scroll_columns(layout, f.left_scroll, f.right_scroll, bar);
  f.layout = layout;
  f.overfull = {std::max(needs.text - layout.text.h, 0), std::max(needs.drum - layout.drum.h, 0),
                std::max(needs.rack - layout.rack.h, 0), std::max(needs.beats - layout.beats.h, 0)};
  f.drawn.clear();
  f.flex.clear();
}

const std::vector<std::pair<std::string, PanelRect>>& drawn_panels() { return widgets::g_frame.drawn; }

}  // namespace am::ui

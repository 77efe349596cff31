// The window as a frame: a narrative column on the left, a column of readings on the
// right, a bar along the bottom between them, and the 3D viewport in the rectangle
// left over. Recomputed every frame from the window size and the font's line height
// (font scale and DPI included), so it reflows on every resize. Pure arithmetic: no
// GL, no ImGui; the panels are placed in the slots, the renderer draws into `viewport`.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "am/ui/viewport.hpp"

namespace am::ui {

// A rectangle of the window in pixels, top-left origin (the same shape as the viewport).
using PanelRect = ViewportRect;

struct FrameLayoutInput {
  int width = 0, height = 0;  // the window, in UI pixels
  float line = 20.0f;         // one text row: the font's line height with spacing (scale and DPI in it)
  // A bar that is not open is collapsed to a thin strip that holds the button to open it.
  bool left_open = true, right_open = true, bottom_open = true;
  bool presentation = false;  // every bar hidden, strips too: the machine fills the window
  bool why_open = false;      // "why?" (issue 22) is shown: it takes the top of the inspector's place
};

struct FrameLayout {
  PanelRect window;  // 0, 0, width, height
  ViewportRect viewport;
  // The bars (empty when hidden; a strip when collapsed).
  PanelRect left, right, bottom;
  bool left_open = false, right_open = false, bottom_open = false;
  bool presentation = false;
  // Slots inside the open bars (empty when their bar is not open).
  PanelRect navigator, chapter, status;  // left: ◀ title ▶ and menus, the chapter's words, the status line
  PanelRect beats;                       // left, under the navigator: the chapter's beat strip (player)
  PanelRect predictions, rack, inspector;  // right: top-5, the rack, the part under the cursor
  PanelRect why;         // right, when asked (issue 22): "why 'l'?" takes most of the inspector's place
  PanelRect text, drum;  // bottom: the text box, the drum's timeline
  // What a column's panels need beyond its height (fit_to_needs): it then scrolls as a
  // whole, by `*_scroll` px (scroll_columns), beside a scroll bar along its right edge.
  int left_overflow = 0, right_overflow = 0;
  int left_scroll = 0, right_scroll = 0;
  bool bottom_wide = false;  // the bottom bar spans the window, under the columns (fit_to_needs)

  // The bars and strips that are shown, by name ("left", "right", "bottom").
  std::vector<std::pair<std::string, PanelRect>> bars() const;
  double viewport_share() const;  // of the window's area
};

// Columns take a share of the window's width, kept between minimum and maximum widths
// counted in text rows; the bottom bar a share of the height, likewise. If the minimums
// would leave the machine less than kMinViewportShare of the window, the columns give way.
inline constexpr double kMinViewportShare = 0.56;
FrameLayout compute_frame_layout(const FrameLayoutInput& in);

// What the panels in three slots needed last frame to show all they drew, in pixels
// (title bar and padding included; a part that can shrink, such as a chart, counted at
// its smallest); 0 when not known.
struct SlotNeeds {
  int text = 0, drum = 0;  // the bottom bar's two panels
  int rack = 0;            // the rack (or what chapter 11 puts in its place)
  int beats = 0;           // the beat strip, in the left column
};
// Where the bars cannot fit their rows, they trade space: the bottom bar grows upwards
// (the viewport gives up rows, down to kMinBottomViewportShare of the window's height)
// until its taller panel fits, and the rack takes rows from the inspector below it, which
// keeps kMinInspectorRows and scrolls. Beside "why?" the rack keeps its few rows and scrolls.
inline constexpr double kMinBottomViewportShare = 0.62;
// ...and half the window's area: less than kMinViewportShare, which the bars' usual sizes
// keep, because a cut text box or drum is worse for a learner than a smaller machine.
inline constexpr double kMinGrownViewportShare = 0.50;
inline constexpr float kMinInspectorRows = 4.0f;
// Where even that is not enough, the panel gets all it needs and its column scrolls as a
// whole (right_overflow, left_overflow): the beat strip takes rows from the chapter's
// words, which keep kMinChapterRows and scroll, then the left column overflows.
inline constexpr float kMinChapterRows = 5.0f;
// `bottom_wide`: the bottom bar takes a row of its own across the whole window, under the
// columns (which end above it, giving their last slots' rows, then scroll), and grows up
// to kMinBottomViewportShare of the height, past the area share: for when it could not fit
// its panels between the columns (bottom_overfull), at large fonts in small windows.
void fit_to_needs(FrameLayout& f, const SlotNeeds& needs, float line, bool bottom_wide = false);
// Whether the bottom bar's panels still need more than their slots after fit_to_needs.
bool bottom_overfull(const FrameLayout& f, const SlotNeeds& needs);

// Moves an overflowing column's slots up by its scroll (clamped to 0..overflow, kept in
// the layout) and narrows them by `scroll_bar` px, the scroll bar's room at their right
// edge. A column that fits keeps its slots and a scroll of 0.
void scroll_columns(FrameLayout& f, int left_scroll, int right_scroll, int scroll_bar);

}  // namespace am::ui

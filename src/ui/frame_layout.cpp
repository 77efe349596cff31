#include "am/ui/frame_layout.hpp"

#include <algorithm>
#include <cmath>

namespace am::ui {
namespace {

// Widths and heights in text rows: the numbers a column needs to stay readable
// (about 30 characters of chapter text, the rack's heads two by two), not pixels.
constexpr float kLeftShare = 0.20f, kLeftMinRows = 11.0f, kLeftMaxRows = 26.0f;
constexpr float kRightShare = 0.15f, kRightMinRows = 8.5f, kRightMaxRows = 20.0f;
constexpr float kBottomShare = 0.12f, kBottomMinRows = 3.6f, kBottomMaxRows = 7.0f;
constexpr float kStripRows = 1.6f;      // a collapsed bar: room for one small button
constexpr float kNavigatorRows = 1.9f;  // one row of buttons and its padding
constexpr float kStatusRows = 3.6f;     // three wrapped lines
constexpr float kBeatStripRows = 4.0f;  // the beat strip: buttons and count, the scrubber, the speed
constexpr float kPredictionsRows = 8.4f, kPredictionsShare = 0.30f;  // five bars and a title
constexpr float kInspectorRowsBesideWhy = 4.0f, kRackRowsBesideWhy = 7.0f;
constexpr float kRackRows = 10.0f, kRackShare = 0.42f, kRackMaxRows = 18.0f;
constexpr float kTextShare = 0.40f;  // of the bottom bar's width
// Columns give way to the machine down to this share of their minimum widths, no further:
// narrower, their titles and buttons are cut (at font 1.5 in a 1024x768 window they took
// 74 % and lost "Next character"); the machine's share gives way instead.
constexpr double kMinColumnShare = 0.9;

int rows(float n, float line) { return static_cast<int>(std::lround(n * line)); }

int clamp_share(float share, int total, float min_rows, float max_rows, float line) {
  const float px = std::clamp(share * static_cast<float>(total), min_rows * line, max_rows * line);
  return static_cast<int>(std::lround(px));
}

// Splits a column's height from the top; the last slot takes what is left.
void stack(const PanelRect& column, std::initializer_list<std::pair<PanelRect*, int>> slots,
           PanelRect* rest) {
  int y = column.y;
  const int bottom = column.y + column.h;
  for (const auto& [slot, h] : slots) {
    const int take = std::clamp(h, 0, bottom - y);
    *slot = {column.x, y, column.w, take};
    y += take;
  }
  *rest = {column.x, y, column.w, std::max(0, bottom - y)};
}

}  // namespace

std::vector<std::pair<std::string, PanelRect>> FrameLayout::bars() const {
  std::vector<std::pair<std::string, PanelRect>> out;
  if (!left.empty()) out.emplace_back("left", left);
  if (!right.empty()) out.emplace_back("right", right);
  if (!bottom.empty()) out.emplace_back("bottom", bottom);
  return out;
}

double FrameLayout::viewport_share() const {
  const double area = static_cast<double>(window.w) * static_cast<double>(window.h);
  return area > 0.0 ? static_cast<double>(viewport.w) * static_cast<double>(viewport.h) / area : 0.0;
}

FrameLayout compute_frame_layout(const FrameLayoutInput& in) {
  FrameLayout f;
  const int W = std::max(in.width, 0), H = std::max(in.height, 0);
  const float line = in.line > 0.0f ? in.line : 20.0f;
  f.window = {0, 0, W, H};
  f.presentation = in.presentation;
  if (in.presentation || W == 0 || H == 0) {
    f.viewport = f.window;
    return f;
  }
  f.left_open = in.left_open;
  f.right_open = in.right_open;
  f.bottom_open = in.bottom_open;
  const int strip_w = rows(kStripRows, line);
  int left_w = in.left_open ? clamp_share(kLeftShare, W, kLeftMinRows, kLeftMaxRows, line) : strip_w;
  int right_w = in.right_open ? clamp_share(kRightShare, W, kRightMinRows, kRightMaxRows, line) : strip_w;
  int bottom_h =
      in.bottom_open ? clamp_share(kBottomShare, H, kBottomMinRows, kBottomMaxRows, line) : strip_w;
  bottom_h = std::min(bottom_h, H / 3);

  // The machine comes first: open columns narrow (below their minimum if need be)
  // until the viewport has its share of the window.
  const int view_h = H - bottom_h;
  const double need_w =
      kMinViewportShare * static_cast<double>(W) * static_cast<double>(H) / std::max(view_h, 1);
  const int open_w = (in.left_open ? left_w : 0) + (in.right_open ? right_w : 0);
  const double spare = static_cast<double>(W - left_w - right_w) - need_w;
  if (spare < 0.0 && open_w > 0) {
    const double factor = std::max(kMinColumnShare, 1.0 + spare / static_cast<double>(open_w));
    if (in.left_open) left_w = static_cast<int>(std::floor(left_w * factor));
    if (in.right_open) right_w = static_cast<int>(std::floor(right_w * factor));
  }
  // A tiny window still keeps some machine.
  const int min_view = std::max(1, W / 5);
  if (W - left_w - right_w < min_view) {
    const double factor = static_cast<double>(std::max(W - min_view, 0)) / std::max(left_w + right_w, 1);
    left_w = static_cast<int>(left_w * factor);
    right_w = static_cast<int>(right_w * factor);
  }

  f.left = {0, 0, left_w, H};
  f.right = {W - right_w, 0, right_w, H};
  const int middle_w = W - left_w - right_w;
  f.bottom = {left_w, H - bottom_h, middle_w, bottom_h};
  f.viewport = {left_w, 0, middle_w, H - bottom_h};

  if (in.left_open) {
    PanelRect after_nav;
    stack(f.left, {{&f.navigator, rows(kNavigatorRows, line)}, {&f.beats, rows(kBeatStripRows, line)}},
          &after_nav);
    const int status_h = std::min(rows(kStatusRows, line), after_nav.h / 3);
    f.chapter = {after_nav.x, after_nav.y, after_nav.w, after_nav.h - status_h};
    f.status = {after_nav.x, after_nav.y + f.chapter.h, after_nav.w, status_h};
  }
  if (in.right_open) {
    const int predictions_h = std::min(rows(kPredictionsRows, line), static_cast<int>(kPredictionsShare * H));
    int rack_h = clamp_share(kRackShare, H, kRackRows, kRackMaxRows, line);
    if (in.why_open) rack_h = std::min(rack_h, rows(kRackRowsBesideWhy, line));  // the rack scrolls
    stack(f.right, {{&f.predictions, predictions_h}, {&f.rack, rack_h}}, &f.inspector);
    if (in.why_open) {  // "why?" (issue 22) takes the inspector's place but a few rows
      const int why_h = f.inspector.h - std::min(rows(kInspectorRowsBesideWhy, line), f.inspector.h / 3);
      f.why = {f.inspector.x, f.inspector.y, f.inspector.w, why_h};
      f.inspector = {f.inspector.x, f.inspector.y + why_h, f.inspector.w, f.inspector.h - why_h};
    }
  }
  if (in.bottom_open) {
    const int text_w = static_cast<int>(std::lround(kTextShare * static_cast<float>(middle_w)));
    f.text = {f.bottom.x, f.bottom.y, text_w, f.bottom.h};
    f.drum = {f.bottom.x + text_w, f.bottom.y, middle_w - text_w, f.bottom.h};
  }
  return f;
}

namespace {

// The bottom bar grows upwards to `need`: its two slots with it, the viewport less, which
// keeps kMinBottomViewportShare of the window's height and kMinGrownViewportShare of its
// area (where both cannot hold, the bar scrolls instead).
void grow_bottom(FrameLayout& f, int need, bool wide) {
  const double area = kMinGrownViewportShare * static_cast<double>(f.window.w) * static_cast<double>(f.window.h);
  const int keep_h = std::max(static_cast<int>(std::ceil(kMinBottomViewportShare * f.window.h)),
                              wide ? 0 : static_cast<int>(std::ceil(area / std::max(f.viewport.w, 1))));
  const int grow = std::min(need - f.bottom.h, f.viewport.h - keep_h);
  if (grow <= 0) return;
  for (PanelRect* r : {&f.bottom, &f.text, &f.drum}) {
    r->y -= grow;
    r->h += grow;
  }
  f.viewport.h -= grow;
}

// `slot` grows by `need - slot.h`: first from `giver` just below it, which keeps `keep` px,
// then past the column's bottom, where the slots under `giver` go too. Returns the overflow.
int grow_in_column(PanelRect& slot, int need, PanelRect& giver, int keep, std::initializer_list<PanelRect*> below) {
  if (slot.empty() || need <= slot.h) return 0;
  const int take = std::clamp(need - slot.h, 0, std::max(giver.h - keep, 0));
  const int overflow = need - slot.h - take;
  slot.h = need;
  giver.y += take + overflow;
  giver.h -= take;
  for (PanelRect* r : below) r->y += overflow;
  return overflow;
}

// The bottom bar across the whole window, under both columns, which now end above it
// (their last slots give the rows, down to `keep` px, then overflow).
void widen_bottom(FrameLayout& f, int keep) {
  f.bottom = {0, f.bottom.y, f.window.w, f.bottom.h};
  const int text_w = static_cast<int>(std::lround(kTextShare * static_cast<float>(f.window.w)));
  f.text = {0, f.bottom.y, text_w, f.bottom.h};
  f.drum = {text_w, f.bottom.y, f.window.w - text_w, f.bottom.h};
  const auto end_at = [&](PanelRect& column, PanelRect& giver, std::initializer_list<PanelRect*> below) {
    if (column.empty()) return;
    const int cut = column.y + column.h - f.bottom.y;
    if (cut <= 0) return;
    column.h -= cut;
    const int take = std::clamp(cut, 0, std::max(giver.h - std::min(keep, giver.h), 0));
    giver.h -= take;
    for (PanelRect* r : below) r->y -= take;
  };
  end_at(f.left, f.chapter, {&f.status});
  end_at(f.right, f.inspector, {});
}

// What a column's last slot reaches below the column's bottom.
int overflow_of(const PanelRect& column, const PanelRect& last) {
  return column.empty() || last.empty() ? 0 : std::max(0, last.y + last.h - (column.y + column.h));
}

void shift_up(std::initializer_list<PanelRect*> slots, int by, int narrower) {
  for (PanelRect* r : slots) {
    if (r->empty()) continue;
    r->y -= by;
    r->w = std::max(r->w - narrower, 0);
  }
}

}  // namespace

void fit_to_needs(FrameLayout& f, const SlotNeeds& needs, float line, bool bottom_wide) {
  if (f.presentation) return;
  const float row = line > 0.0f ? line : 20.0f;
  if (f.bottom_open && !f.bottom.empty()) {
    grow_bottom(f, std::max(needs.text, needs.drum), bottom_wide);
    if (bottom_wide) widen_bottom(f, rows(kMinInspectorRows, row));
    f.bottom_wide = bottom_wide;
  }
  if (f.left_open && !f.left.empty())
    grow_in_column(f.beats, needs.beats, f.chapter, std::min(f.chapter.h, rows(kMinChapterRows, row)), {&f.status});
  // Beside "why?" the rack keeps its few rows and scrolls itself.
  if (f.right_open && f.why.empty() && !f.right.empty())
    grow_in_column(f.rack, needs.rack, f.inspector, std::min(f.inspector.h, rows(kMinInspectorRows, row)), {});
  f.left_overflow = f.left_open ? overflow_of(f.left, f.status) : 0;
  f.right_overflow = f.right_open ? overflow_of(f.right, f.inspector) : 0;
}

bool bottom_overfull(const FrameLayout& f, const SlotNeeds& needs) {
  return f.bottom_open && !f.presentation && !f.bottom.empty() && (needs.text > f.text.h || needs.drum > f.drum.h);
}

void scroll_columns(FrameLayout& f, int left_scroll, int right_scroll, int scroll_bar) {
  f.left_scroll = std::clamp(left_scroll, 0, f.left_overflow);
  f.right_scroll = std::clamp(right_scroll, 0, f.right_overflow);
  if (f.left_overflow > 0) shift_up({&f.navigator, &f.beats, &f.chapter, &f.status}, f.left_scroll, scroll_bar);
  if (f.right_overflow > 0) shift_up({&f.predictions, &f.rack, &f.inspector, &f.why}, f.right_scroll, scroll_bar);
}

}  // namespace am::ui

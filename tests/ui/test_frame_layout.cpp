// The frame's arithmetic, with known answers at the window sizes people have: the
// bars tile the window around the viewport, the machine keeps its share, and
// presentation mode gives it everything.
#include <catch2/catch.hpp>

#include <cmath>

#include "am/ui/frame_layout.hpp"

using namespace am::ui;

namespace {

FrameLayout layout(int w, int h, float line = 20.0f) {
  FrameLayoutInput in;
  in.width = w;
  in.height = h;
  in.line = line;  // a 16 px font: 16 px of text and 4 of spacing
  return compute_frame_layout(in);
}

long long area(const PanelRect& r) { return static_cast<long long>(r.w) * r.h; }

bool overlaps(const PanelRect& a, const PanelRect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// The bars and the viewport cover the window exactly once.
void check_tiling(const FrameLayout& f) {
  CHECK(area(f.viewport) + area(f.left) + area(f.right) + area(f.bottom) == area(f.window));
  const PanelRect parts[] = {f.viewport, f.left, f.right, f.bottom};
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j)
      if (!parts[i].empty() && !parts[j].empty()) CHECK_FALSE(overlaps(parts[i], parts[j]));
}

}  // namespace

TEST_CASE("known layouts at 1024x640, 1280x720, 1920x1080 and 3840x2160", "[frame]") {
  struct Known {
    int w, h;
    PanelRect viewport, left, right, bottom;
  };
  const Known known[] = {
      // The smallest window: the columns give way below their minimums so the machine keeps 56 %.
      {1024, 640, {209, 0, 653, 563}, {0, 0, 209, 640}, {862, 0, 162, 640}, {209, 563, 653, 77}},
      {1280, 720, {256, 0, 832, 634}, {0, 0, 256, 720}, {1088, 0, 192, 720}, {256, 634, 832, 86}},
      {1920, 1080, {384, 0, 1248, 950}, {0, 0, 384, 1080}, {1632, 0, 288, 1080}, {384, 950, 1248, 130}},
      // A 4K screen at scale 1: the columns stop at their widest (26 and 20 rows).
      {3840, 2160, {520, 0, 2920, 2020}, {0, 0, 520, 2160}, {3440, 0, 400, 2160}, {520, 2020, 2920, 140}},
  };
  for (const Known& k : known) {
    INFO(k.w << "x" << k.h);
    const FrameLayout f = layout(k.w, k.h);
    CHECK(f.window == PanelRect{0, 0, k.w, k.h});
    CHECK(f.viewport == k.viewport);
    CHECK(f.left == k.left);
    CHECK(f.right == k.right);
    CHECK(f.bottom == k.bottom);
    CHECK(f.viewport_share() >= 0.55);
    check_tiling(f);
  }
}

TEST_CASE("the slots fill their bars, in the narrative, readings and bottom order", "[frame]") {
  const FrameLayout f = layout(1280, 720);
  CHECK(f.navigator == PanelRect{0, 0, 256, 38});
  CHECK(f.beats == PanelRect{0, 38, 256, 80});
  CHECK(f.chapter == PanelRect{0, 118, 256, 530});
  CHECK(f.status == PanelRect{0, 648, 256, 72});
  CHECK(f.predictions == PanelRect{1088, 0, 192, 168});
  CHECK(f.rack == PanelRect{1088, 168, 192, 302});
  CHECK(f.inspector == PanelRect{1088, 470, 192, 250});
  CHECK(f.text == PanelRect{256, 634, 333, 86});
  CHECK(f.drum == PanelRect{589, 634, 499, 86});
  CHECK(area(f.navigator) + area(f.beats) + area(f.chapter) + area(f.status) == area(f.left));
  CHECK(area(f.predictions) + area(f.rack) + area(f.inspector) == area(f.right));
  CHECK(area(f.text) + area(f.drum) == area(f.bottom));
}

TEST_CASE("a larger font or DPI widens the bars in pixels, and the machine keeps its share", "[frame]") {
  const FrameLayout one = layout(3840, 2160, 20.0f), two = layout(3840, 2160, 40.0f);
  CHECK(two.left.w > one.left.w);
  CHECK(two.bottom.h > one.bottom.h);
  CHECK(two.left == PanelRect{0, 0, 768, 2160});
  CHECK(two.viewport == PanelRect{768, 0, 2496, 1901});
  CHECK(two.viewport_share() >= 0.55);
  // At scale 2 on 3840x2160 the frame is the 1920x1080 one at scale 1, doubled (within rounding).
  const FrameLayout half = layout(1920, 1080, 20.0f);
  CHECK(std::abs(two.viewport.w - 2 * half.viewport.w) <= 2);
  CHECK(std::abs(two.viewport.h - 2 * half.viewport.h) <= 2);
}

TEST_CASE("presentation mode hides every bar and strip", "[frame]") {
  for (const auto& [w, h] : {std::pair{1024, 640}, {1280, 720}, {1920, 1080}, {3840, 2160}}) {
    FrameLayoutInput in;
    in.width = w;
    in.height = h;
    in.presentation = true;
    const FrameLayout f = compute_frame_layout(in);
    CHECK(f.viewport == PanelRect{0, 0, w, h});
    CHECK(f.viewport_share() >= 0.95);
    CHECK(f.bars().empty());
    CHECK(f.chapter.empty());
    CHECK(f.drum.empty());
  }
}

TEST_CASE("a collapsed bar leaves a strip with room for its button, and the viewport grows", "[frame]") {
  FrameLayoutInput in;
  in.width = 1280;
  in.height = 720;
  in.left_open = false;
  in.bottom_open = false;
  const FrameLayout f = compute_frame_layout(in);
  CHECK(f.left == PanelRect{0, 0, 32, 720});
  CHECK(f.bottom == PanelRect{32, 688, 1056, 32});
  CHECK(f.right == PanelRect{1088, 0, 192, 720});
  CHECK(f.viewport == PanelRect{32, 0, 1056, 688});
  CHECK(f.chapter.empty());
  CHECK(f.text.empty());
  CHECK_FALSE(f.rack.empty());
  CHECK(f.bars().size() == 3);
  check_tiling(f);
  CHECK(f.viewport_share() > layout(1280, 720).viewport_share());
}

TEST_CASE("the layout reflows with every size, down to a tiny window", "[frame]") {
  for (int w = 200; w <= 4000; w += 190)
    for (int h = 150; h <= 2200; h += 170) {
      INFO(w << "x" << h);
      const FrameLayout f = layout(w, h);
      check_tiling(f);
      CHECK(f.viewport.w > 0);
      CHECK(f.viewport.h > 0);
      if (w >= 1024 && h >= 640) CHECK(f.viewport_share() >= 0.55);
    }
  const FrameLayout none = layout(0, 0);
  CHECK(none.viewport.empty());
}

TEST_CASE("the viewport rectangle's helpers", "[frame]") {
  const ViewportRect v{100, 50, 800, 400};
  CHECK(v.aspect() == Approx(2.0f));
  CHECK(v.contains(100.0f, 50.0f));
  CHECK_FALSE(v.contains(900.0f, 50.0f));
  CHECK_FALSE(v.contains(99.5f, 200.0f));
  CHECK(ViewportRect{}.aspect() == Approx(1.0f));
}

TEST_CASE("bars that cannot fit their rows trade space", "[frame]") {
  const FrameLayout before = layout(1366, 768);
  SECTION("the bottom bar grows upwards until its taller panel fits; the viewport gives the rows") {
    FrameLayout f = before;
    fit_to_needs(f, {.text = before.bottom.h + 40, .drum = before.bottom.h + 13}, 20.0f);
    CHECK(f.bottom.h == before.bottom.h + 40);
    CHECK(f.bottom.y + f.bottom.h == 768);
    CHECK(f.text.h == f.bottom.h);
    CHECK(f.drum.y == f.bottom.y);
    CHECK(f.viewport.h == before.viewport.h - 40);
    check_tiling(f);
  }
  SECTION("but never past the viewport's share of the height") {
    FrameLayout f = before;
    fit_to_needs(f, {.text = 700}, 20.0f);
    CHECK(f.viewport.h >= static_cast<int>(kMinBottomViewportShare * 768));
    check_tiling(f);
  }
  SECTION("nor past the viewport's share of the window's area, in a small window") {
    for (const auto [w, h] : {std::pair{1024, 640}, std::pair{1280, 720}, std::pair{1024, 768}}) {
      FrameLayout f = layout(w, h);
      fit_to_needs(f, {.text = 700, .drum = 700}, 20.0f);
      INFO(w << "x" << h);
      CHECK(f.viewport_share() >= kMinGrownViewportShare);
      check_tiling(f);
    }
  }
  SECTION("the rack takes rows from the inspector, which keeps a few") {
    FrameLayout f = before;
    fit_to_needs(f, {.rack = before.rack.h + 60}, 20.0f);
    CHECK(f.rack.h == before.rack.h + 60);
    CHECK(f.inspector.y == f.rack.y + f.rack.h);
    CHECK(f.inspector.y + f.inspector.h == 768);
    fit_to_needs(f, {.rack = 2000}, 20.0f);
    CHECK(f.inspector.h == 80);
  }
  SECTION("panels that fit change nothing") {
    FrameLayout f = before;
    fit_to_needs(f, {.text = 50, .drum = 60, .rack = 100}, 20.0f);
    CHECK(f.bottom == before.bottom);
    CHECK(f.rack == before.rack);
    CHECK(f.viewport == before.viewport);
  }
}

TEST_CASE("a column whose panels cannot fit scrolls as a whole", "[frame]") {
  const FrameLayout before = layout(1366, 768);
  SECTION("the rack gets all it needs; what the inspector cannot give overflows the column") {
    FrameLayout f = before;
    fit_to_needs(f, {.rack = 2000}, 20.0f);
    CHECK(f.rack.h == 2000);
    CHECK(f.inspector.h == 80);
    CHECK(f.inspector.y == f.rack.y + 2000);
    CHECK(f.right_overflow == f.inspector.y + f.inspector.h - 768);
    CHECK(f.left_overflow == 0);
    // Scrolled by 300 (and clamped to the overflow), every slot moves up and narrows for the bar.
    FrameLayout s = f;
    scroll_columns(s, 0, 300, 14);
    CHECK(s.right_scroll == 300);
    CHECK(s.predictions.y == f.predictions.y - 300);
    CHECK(s.rack.y == f.rack.y - 300);
    CHECK(s.inspector.y == f.inspector.y - 300);
    CHECK(s.rack.w == f.rack.w - 14);
    CHECK(s.navigator == f.navigator);  // the left column fits: untouched
    scroll_columns(f, -5, 100000, 14);
    CHECK(f.right_scroll == f.right_overflow);
    CHECK(f.inspector.y + f.inspector.h == 768);  // at the end of the scroll, the last panel ends at the bottom
    CHECK(f.left_scroll == 0);
  }
  SECTION("the beat strip takes rows from the chapter's words, then overflows the left column") {
    FrameLayout f = before;
    fit_to_needs(f, {.beats = before.beats.h + 30}, 20.0f);
    CHECK(f.beats.h == before.beats.h + 30);
    CHECK(f.chapter.y == before.chapter.y + 30);
    CHECK(f.left_overflow == 0);
    CHECK(f.status == before.status);
    f = before;
    fit_to_needs(f, {.beats = 1000}, 20.0f);
    CHECK(f.chapter.h == 100);  // kMinChapterRows of 20 px
    CHECK(f.left_overflow == f.status.y + f.status.h - 768);
    CHECK(f.left_overflow > 0);
  }
  SECTION("panels that fit leave the columns still") {
    FrameLayout f = before;
    fit_to_needs(f, {.rack = 100, .beats = 40}, 20.0f);
    scroll_columns(f, 50, 50, 14);
    CHECK(f.right_scroll == 0);
    CHECK(f.left_scroll == 0);
    CHECK(f.rack == before.rack);
    CHECK(f.beats == before.beats);
  }
}

TEST_CASE("at font 1.5 in a 1024x768 window the bars trade space without cutting", "[frame]") {
  const float line = 25.5f;  // 13 px text and 4 px spacing, times 1.5
  const FrameLayout before = layout(1024, 768, line);
  // The columns give way to the machine, but keep 90 % of their widths in rows (11 and 8.5).
  CHECK(before.left.w >= static_cast<int>(0.9 * 11 * line));
  CHECK(before.right.w >= static_cast<int>(0.9 * 8.5 * line));
  SECTION("between the columns the bottom bar cannot fit what it needs") {
    FrameLayout f = before;
    const SlotNeeds needs{.text = 200, .drum = 180};
    fit_to_needs(f, needs, line);
    CHECK(bottom_overfull(f, needs));
  }
  SECTION("with a row of its own it spans the window, the columns end above it and scroll") {
    FrameLayout f = before;
    const SlotNeeds needs{.text = 200, .drum = 180, .rack = 600};
    fit_to_needs(f, needs, line, true);
    CHECK_FALSE(bottom_overfull(f, needs));
    CHECK(f.bottom == PanelRect{0, 568, 1024, 200});
    CHECK(f.text.w + f.drum.w == 1024);
    CHECK(f.left.h == 568);
    CHECK(f.right.h == 568);
    CHECK(f.viewport == PanelRect{f.left.w, 0, 1024 - f.left.w - f.right.w, 568});
    check_tiling(f);
    CHECK(f.status.y + f.status.h == 568);  // the chapter's words gave the rows
    CHECK(f.right_overflow == f.inspector.y + f.inspector.h - 568);
    CHECK(f.right_overflow > 0);
    // It grows no further than the viewport's share of the height.
    FrameLayout g = before;
    fit_to_needs(g, {.text = 700}, line, true);
    CHECK(g.viewport.h == static_cast<int>(std::ceil(kMinBottomViewportShare * 768)));
  }
}

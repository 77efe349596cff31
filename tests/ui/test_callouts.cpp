// Callout placement: no two labels overlap, none leaves the viewport, each stays near its part.
#include <catch2/catch.hpp>

#include <cmath>

#include "am/ui/callouts.hpp"

using namespace am::ui;

namespace {
void check_placement(const std::vector<CalloutRequest>& req, const std::vector<PlacedCallout>& out,
                     const ScreenRect& view) {
  REQUIRE(out.size() == req.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!out[i].placed) continue;
    CHECK(out[i].box.inside(view));
    CHECK(out[i].box.w == req[i].w);
    for (std::size_t k = i + 1; k < out.size(); ++k)
      if (out[k].placed) CHECK_FALSE(out[i].box.overlaps(out[k].box));
  }
}
}  // namespace

TEST_CASE("callouts: labels on one point fan out without overlapping, inside the viewport", "[callouts]") {
  const ScreenRect view{0, 0, 1280, 720};
  std::vector<CalloutRequest> req(6, CalloutRequest{640, 360, 220, 26});
  const auto out = place_callouts(req, view, std::nullopt, 20.0f);
  check_placement(req, out, view);
  for (const auto& p : out) CHECK(p.placed);
}

TEST_CASE("callouts: a label by the corner stays inside and off its anchor", "[callouts]") {
  const ScreenRect view{100, 50, 800, 500};
  const std::vector<CalloutRequest> req{{895, 545, 300, 30}, {105, 55, 300, 30}};
  const auto out = place_callouts(req, view, std::nullopt, 18.0f);
  check_placement(req, out, view);
  for (std::size_t i = 0; i < out.size(); ++i) {
    REQUIRE(out[i].placed);
    const ScreenRect dot{req[i].anchor_x - 18, req[i].anchor_y - 18, 36, 36};
    CHECK_FALSE(out[i].box.overlaps(dot));
  }
}

TEST_CASE("callouts: the nearest free spot is taken, a short leader away", "[callouts]") {
  const ScreenRect view{0, 0, 1000, 1000};
  const std::vector<CalloutRequest> req{{500, 500, 100, 20}};
  const auto out = place_callouts(req, view, std::nullopt, 10.0f);
  REQUIRE(out[0].placed);
  // The first ring, straight up: the box's bottom edge one gap above the anchor.
  CHECK(out[0].box.bottom() == Approx(490.0f));
  CHECK(out[0].box.x + 0.5f * out[0].box.w == Approx(500.0f));
}

TEST_CASE("callouts: labels keep off the focus when there is room outside it", "[callouts]") {
  const ScreenRect view{0, 0, 1280, 720};
  const ScreenRect focus{400, 200, 480, 320};
  const std::vector<CalloutRequest> req{{640, 210, 200, 24}, {420, 500, 200, 24}};
  const auto out = place_callouts(req, view, focus, 16.0f);
  check_placement(req, out, view);
  for (const auto& p : out) {
    REQUIRE(p.placed);
    CHECK_FALSE(p.box.overlaps(focus));
  }
}

TEST_CASE("callouts: more labels than fit are left out rather than overlapped", "[callouts]") {
  const ScreenRect view{0, 0, 300, 100};
  std::vector<CalloutRequest> req(20, CalloutRequest{150, 50, 140, 30});
  const auto out = place_callouts(req, view, std::nullopt, 5.0f);
  check_placement(req, out, view);
  int placed = 0;
  for (const auto& p : out) placed += p.placed ? 1 : 0;
  CHECK(placed >= 2);
  CHECK(placed <= 6);  // 300 x 100 holds at most six 140 x 30 boxes
}

TEST_CASE("callouts: the words name the part and its live number, and hide what the question asks", "[callouts]") {
  using am::machine::FocusPart;
  using am::machine::Part;
  using am::machine::PartKind;
  am::machine::SceneInput in;
  in.text = "the queen. the qu";
  Part dial;
  dial.kind = PartKind::kDial;
  dial.layer = 0;
  dial.head = 1;
  dial.position = 16;
  dial.key = 15;
  dial.scaled = 4.1873f;
  AppState state;
  state.chapter = 2;
  CHECK(callout_text(FocusPart::kLiftedDials, &dial, in, state) ==
        "L1H2 dials \u00b7 highest q\u00b7k/\u221a8 = 4.19 (\u201cq\u201d)");
  Part column;
  column.kind = PartKind::kProbabilityColumn;
  column.index = 4;  // 'e'
  column.value = 0.998f;
  CHECK(callout_text(FocusPart::kColumns, &column, in, state) ==
        "next-character columns \u00b7 \u201ce\u201d 99.8\u00a0%");
  // Chapter 0 asks how sure the model is: the figure waits for Reveal.
  state.chapter = 0;
  CHECK(callout_text(FocusPart::kColumns, &column, in, state).find('%') == std::string::npos);
  state.predict = PredictState{0, 2, true};
  CHECK(callout_text(FocusPart::kColumns, &column, in, state).find("99.8") != std::string::npos);
  Part drum;
  drum.kind = PartKind::kDrum;
  drum.step = 9000;
  drum.value = 0.6931472f;  // one bit, in nats
  drum.weight = 0.925f;
  CHECK(callout_text(FocusPart::kDrum, &drum, in, state) ==
        "training drum \u00b7 step 9\u202f000 \u00b7 loss 1.00\u00a0bits \u00b7 copy 93\u00a0%");
}

// Callout placement: no two labels overlap, none leaves the viewport, each stays near its part.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include "am/machine/beat_notes.hpp"
#include "am/machine/scene.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/safetensors.hpp"
#include "am/ui/callouts.hpp"
#include "am/ui/text_format.hpp"

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

TEST_CASE("callouts: the words name the part and its live number, and hide what the question asks",
          "[callouts]") {
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

namespace {

// Chapter 7's copy-thread callout on the shipped, trained checkpoint, the copy path
// L1H4 -> L2H4 highlighted, the last character the query.
struct CopyCallout {
  std::string text;  // the callout's words
  const am::machine::Part* thread = nullptr;
  am::machine::WeightLook look;
};

CopyCallout copy_callout(const std::string& text) {
  using namespace am;
  static const Weights weights = [] {
    auto w = load_weights(std::filesystem::path(AM_SOURCE_DIR) / "weights" / "repeated" /
                          "step_009000.safetensors");
    REQUIRE(w);
    return std::move(*w);
  }();
  const Activations acts = forward(weights, encode(text));
  machine::SceneInput in;
  in.acts = &acts;
  in.text = text;
  in.selected_layer = 1;
  in.selected_head = 3;
  in.view.highlight_path = true;
  in.view.path_heads[0] = std::make_pair(0, 3);
  in.view.path_heads[1] = std::make_pair(1, 3);
  machine::Scene scene;
  machine::build_scene(in, scene);
  CopyCallout out;
  const auto id = machine::representative_part(scene, in, machine::FocusPart::kCopyThread);
  REQUIRE(id);
  out.thread = scene.part(*id);
  REQUIRE(out.thread != nullptr);
  AppState state;
  state.chapter = 7;
  out.text = callout_text(machine::FocusPart::kCopyThread, out.thread, in, state);
  out.look = machine::weight_look(acts, text, 1, 3, acts.length() - 1);
  // The thread drawn is the one the words are about: the heaviest, the query itself included.
  CHECK(out.thread->key == out.look.key);
  CHECK(out.thread->weight == Approx(out.look.weight).margin(1e-6));
  const std::string weight = "weight " + fmt_fixed(out.look.weight, 2);
  CHECK(out.text.find(weight) != std::string::npos);
  CHECK(out.look.weight > 0.005);  // never "weight 0.00" on the place named
  return out;
}

}  // namespace

TEST_CASE("callouts: chapter 7's copy thread says 'copies from' only after an earlier copy", "[callouts]") {
  SECTION("a repeat: the weight goes to the place right after the earlier character") {
    const CopyCallout c = copy_callout("the queen. the qu");
    INFO(c.text);
    REQUIRE(c.look.after_copy);
    CHECK(c.text == "L2H4 copies from \u201ce\u201d, place " + fmt_int(c.look.key + 1) + " \u00b7 weight " +
                        fmt_fixed(c.look.weight, 2));
  }
  SECTION("a learner's text: the weight stays on the space itself, though earlier spaces exist") {
    const CopyCallout c = copy_callout("the cat sat on the mat. ");
    INFO(c.text);
    REQUIRE_FALSE(c.look.after_copy);
    REQUIRE(c.look.key == 23);
    REQUIRE(c.look.matches > 0);
    CHECK(c.text ==
          "L2H4 \u00b7 weight " + fmt_fixed(c.look.weight, 2) + " on the space itself, not copying");
    CHECK(c.text.find("copies") == std::string::npos);
  }
  SECTION("no earlier copy of the query's character: nothing to follow") {
    const CopyCallout c = copy_callout("the cat sat on the mat.");
    INFO(c.text);
    REQUIRE(c.look.matches == 0);
    CHECK(c.text.find("copies") == std::string::npos);
    REQUIRE(c.look.key == 22);  // the "." itself
    CHECK(c.text == "L2H4 \u00b7 weight " + fmt_fixed(c.look.weight, 2) +
                        " on \u201c.\u201d itself, no earlier copy to follow");
  }
  SECTION("the heaviest place follows another character: it says which") {
    const CopyCallout c = copy_callout("abc def. abc d");
    INFO(c.text);
    REQUIRE_FALSE(c.look.after_copy);
    REQUIRE(c.look.key == 9);  // "a", after the space
    CHECK(c.text == "L2H4 \u00b7 weight " + fmt_fixed(c.look.weight, 2) +
                        " on \u201ca\u201d, place 10, after the space, not \u201cd\u201d");
  }
}

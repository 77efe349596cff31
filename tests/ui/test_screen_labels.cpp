// Screen twins of the engraved labels: which are drawn and where (issue 21).
#include <catch2/catch.hpp>

#include <string_view>

#include "am/ui/screen_labels.hpp"

using namespace am;
using namespace am::ui;

namespace {

const ScreenRect kView{0, 0, 1000, 800};

render::Label front_label(std::string text, glm::vec3 at, float height) {
  render::Label l;
  l.text = std::move(text);
  l.position = at;
  l.height = height;  // right +x, up +y: it faces +z
  return l;
}

// 8 px a character, one px high per px of size: sizes the test can work out by hand.
glm::vec2 fake_measure(std::string_view text, float px) { return {8.0f * static_cast<float>(text.size()), px}; }

}  // namespace

TEST_CASE("screen labels: an overlapping later label is rejected, the first kept", "[screen_labels]") {
  const std::vector<ScreenLabelRequest> req{{{100, 100, 60, 20}, 13}, {{140, 110, 60, 20}, 13}, {{300, 100, 60, 20}, 13}};
  CHECK(place_screen_labels(req, kView, {}, 0.0f) == std::vector<std::size_t>{0, 2});
}

TEST_CASE("screen labels: priority is the order given", "[screen_labels]") {
  const std::vector<ScreenLabelRequest> req{{{140, 110, 60, 20}, 13}, {{100, 100, 60, 20}, 13}};
  CHECK(place_screen_labels(req, kView, {}, 0.0f) == std::vector<std::size_t>{0});
}

TEST_CASE("screen labels: a box past the viewport's edge is rejected", "[screen_labels]") {
  const std::vector<ScreenLabelRequest> req{
      {{-5, 100, 60, 20}, 13}, {{960, 100, 60, 20}, 13}, {{100, 790, 60, 20}, 13}, {{100, 0, 60, 20}, 13}};
  CHECK(place_screen_labels(req, kView, {}, 0.0f) == std::vector<std::size_t>{3});
}

TEST_CASE("screen labels: smaller than 13 px, or on a callout, or within the gap, is rejected", "[screen_labels]") {
  const std::vector<ScreenRect> callouts{{400, 400, 200, 40}};
  const std::vector<ScreenLabelRequest> req{{{100, 100, 60, 20}, 12.9f},   // too small
                                            {{500, 420, 60, 20}, 13},      // on the callout
                                            {{100, 200, 60, 20}, 13},      // free
                                            {{163, 200, 60, 20}, 13},      // 3 px from the one before
                                            {{166, 200, 60, 20}, 13}};     // 6 px from it
  CHECK(place_screen_labels(req, kView, callouts, 4.0f).size() == 2);
  CHECK(place_screen_labels(req, kView, callouts, 4.0f) == std::vector<std::size_t>{2, 4});
}

TEST_CASE("screen labels: a label projects to its letters' centre, with its cap height on screen", "[screen_labels]") {
  // Identity projection: world x, y in [-1, 1] fill the viewport.
  const glm::mat4 vp(1.0f);
  const auto p = project_label(front_label("read-out", {0, 0, 0}, 0.2f), vp, {0, 0, 5}, kView);
  REQUIRE(p);
  CHECK(p->x == Approx(500.0f));
  CHECK(p->y == Approx(360.0f));  // 0.1 up of 800 px spanning 2 units
  CHECK(p->engraved_px == Approx(80.0f));
  // Seen from behind, or centred off the viewport: none.
  CHECK_FALSE(project_label(front_label("read-out", {0, 0, 0}, 0.2f), vp, {0, 0, -5}, kView));
  CHECK_FALSE(project_label(front_label("read-out", {1.2f, 0, 0}, 0.2f), vp, {0, 0, 5}, kView));
}

TEST_CASE("screen labels: small engravings get twins of at least 13 px, words first, large ones none",
          "[screen_labels]") {
  const glm::mat4 vp(1.0f);
  const std::vector<render::Label> labels{
      front_label("e", {0.0f, 0.0f, 0}, 0.01f),          // 4 px letters, one character
      front_label("L1H2", {0.01f, 0.0f, 0}, 0.01f),     // overlaps the 'e' above: a name wins
      front_label("big title", {0.0f, 0.5f, 0}, 0.1f),  // 40 px letters: readable as engraved
      front_label("rack", {-0.5f, -0.5f, 0}, 0.01f)};
  const auto chosen = choose_screen_labels(labels, vp, {0, 0, 5}, kView, 10.0f, fake_measure, {});
  REQUIRE(chosen.size() == 2);
  CHECK(chosen[0].label == 1);
  CHECK(chosen[1].label == 3);
  for (const ScreenLabel& s : chosen) {
    CHECK(s.px == 13.0f);
    CHECK(s.box.inside(kView));
  }
  // Centred on the label: 'rack' is 32 + 2 x 3 px padding wide, at x = 250.
  CHECK(chosen[1].box.x + 0.5f * chosen[1].box.w == Approx(250.0f).margin(0.5f));
  CHECK(chosen[1].box.w == Approx(38.0f));
}

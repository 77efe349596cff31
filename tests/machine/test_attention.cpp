#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "am/machine/encodings.hpp"
#include "am/machine/layout.hpp"
#include "machine_fixture.hpp"

using namespace am;
using namespace am::machine;
using namespace am::machine::test;
using render::Material;
using render::Mesh;

namespace {
// The needle's angle in its dial's plane: 0 straight up, positive to the right.
float needle_angle(const render::Instance& needle) {
  const glm::vec3 dir = glm::normalize(glm::vec3(needle.transform[1]));
  return std::atan2(dir.x, std::sqrt(dir.y * dir.y + dir.z * dir.z) * (dir.y >= 0 ? 1.0f : -1.0f));
}
}  // namespace

TEST_CASE("dial needles: angle matches the score mapping and is monotone in the score", "[attention]") {
  for (int head = 0; head < kHeads; ++head) {
    Fixture f(kQueenText, 3);
    f.input.selected_layer = 1;
    f.input.selected_head = head;
    const Scene s = f.build();
    std::vector<std::pair<float, float>> score_angle;
    for (const auto& found : instances_of(s, PartKind::kDial))
      if (found.mesh == Mesh::kNeedle) {
        CHECK(found.part->layer == 1);
        CHECK(found.part->head == head);
        const float a = needle_angle(found.instance);
        CHECK(a == Approx(dial_needle_angle(found.part->scaled)).margin(1e-4));
        score_angle.emplace_back(found.part->scaled, a);
      }
    REQUIRE(score_angle.size() == 17u);
    std::sort(score_angle.begin(), score_angle.end());
    for (std::size_t i = 1; i < score_angle.size(); ++i) CHECK(score_angle[i].second >= score_angle[i - 1].second);
    // Highest score → most to the right.
    CHECK(score_angle.back().second > score_angle.front().second);
  }
}

TEST_CASE("threads: radius and brightness monotone in the attention weight", "[attention]") {
  Fixture f(kQueenText, 5);
  f.input.selected_head = 2;
  const Scene s = f.build();
  std::vector<std::tuple<float, float, float>> wrb;  // weight, radius, brightness
  float total = 0.0f;
  for (const auto& t : s.draw.tubes) {
    const Part* p = s.part(t.pick);
    if (p == nullptr || p->kind != PartKind::kThread) continue;
    CHECK(p->weight == f.acts.layers[0].weights[(2 * 17 + p->position) * 17 + p->key]);
    total += p->weight;
    wrb.emplace_back(p->weight, t.radius, t.color.r + t.color.g + t.color.b);
    CHECK(t.points.size() >= 2u);
  }
  REQUIRE(wrb.size() == 17u);
  CHECK(total == Approx(1.0f).margin(1e-4));  // the query's weights sum to 1
  std::sort(wrb.begin(), wrb.end());
  for (std::size_t i = 1; i < wrb.size(); ++i) {
    CHECK(std::get<1>(wrb[i]) >= std::get<1>(wrb[i - 1]));
    CHECK(std::get<2>(wrb[i]) >= std::get<2>(wrb[i - 1]));
  }
  CHECK(std::get<1>(wrb.back()) > std::get<1>(wrb.front()));
}

TEST_CASE("the shutter covers exactly the cells j > i", "[attention]") {
  for (const int T : {2, 5, 17, 64}) {
    std::string text;
    for (int i = 0; i < T; ++i) text += "abc de.f,g'"[i % 11];
    Fixture f(text, 9);
    f.input.selected_layer = 1;
    f.input.selected_head = 1;
    const Scene s = f.build();
    const PlateGrid& g = s.grids[1];
    REQUIRE(g.present);
    CHECK(g.head == 1);
    CHECK_FALSE(s.grids[0].present);
    const auto shutters = instances_of(s, PartKind::kShutter);
    CHECK(shutters.size() == static_cast<std::size_t>(T - 1));
    int wrong = 0;
    for (int i = 0; i < T; ++i)
      for (int j = 0; j < T; ++j) {
        const glm::vec3 cell = g.origin + g.query_step * float(i) + g.key_step * float(j);
        bool covered = false;
        for (const auto& sh : shutters) {
          // In the shutter box's own frame; its local y is along the plate normal and is ignored.
          const glm::vec4 local = glm::inverse(sh.instance.transform) * glm::vec4(cell, 1.0f);
          if (std::abs(local.x) < 0.5f && std::abs(local.z) < 0.5f) covered = true;
        }
        if (covered != (j > i)) ++wrong;
      }
    INFO("T = " << T);
    CHECK(wrong == 0);
  }
}

TEST_CASE("weight cells sit on the grid and show the weights for j <= i", "[attention]") {
  Fixture f(kQueenText, 9);
  const Scene s = f.build();
  const PlateGrid& g = s.grids[0];
  REQUIRE(g.present);
  const auto cells = instances_of(s, PartKind::kAttentionCell);
  CHECK(cells.size() == 17u * 18u / 2u);
  for (const auto& c : cells) {
    REQUIRE(c.part->key <= c.part->position);
    const glm::vec3 expected = g.origin + g.query_step * float(c.part->position) + g.key_step * float(c.part->key);
    const glm::vec3 at = translation(c.instance);
    CHECK(std::abs(at.x - expected.x) < 1e-4f);
    CHECK(std::abs(at.z - expected.z) < 1e-4f);
    CHECK(c.part->weight == f.acts.layers[0].weights[(0 * 17 + c.part->position) * 17 + c.part->key]);
  }
}

TEST_CASE("a dial's q·k, recomputed from the scaled score, is the dot product of q and k", "[attention]") {
  Fixture f(kQueenText, 21);
  f.input.selected_layer = 0;
  f.input.selected_head = 3;
  const Scene s = f.build();
  const auto dials = parts_of(s, PartKind::kDial);
  REQUIRE(dials.size() == 17u);
  const LayerActivations& la = f.acts.layers[0];
  const int T = 17, h = 3;
  for (const Part* p : dials) {
    CHECK(p->position == 16);
    double dot = 0.0;
    for (int d = 0; d < kDHead; ++d)
      dot += static_cast<double>(la.q[(h * T + p->position) * kDHead + d]) * la.k[(h * T + p->key) * kDHead + d];
    CHECK(p->dot == Approx(dot).margin(1e-4));
    CHECK(p->scaled == Approx(dot / std::sqrt(8.0)).margin(1e-4));
    CHECK(p->weight == la.weights[(h * T + 16) * T + p->key]);
  }
  // The tooltip, e.g. for the 'q' just before the final 'u'.
  const Part* q_dial = *std::find_if(dials.begin(), dials.end(), [](const Part* p) { return p->key == 15; });
  const std::string text = describe(*q_dial, f.input);
  CHECK(text.rfind("L1H4 · query 'u' (place 17) → key 'q' (place 16)\n", 0) == 0);
  char expect[128];
  std::snprintf(expect, sizeof expect, "q·k = %.2f\n÷ √8 = %.2f\nweight after softmax = %.2f",
                static_cast<double>(q_dial->dot), static_cast<double>(q_dial->scaled), static_cast<double>(q_dial->weight));
  CHECK(text.find(expect) != std::string::npos);
}

TEST_CASE("the selected head's plate is lifted above its stack", "[attention]") {
  Fixture f(kQueenText);
  f.input.selected_layer = 1;
  f.input.selected_head = 2;
  const Scene s = f.build();
  std::map<std::pair<int, int>, float> plate_y;
  for (const auto& found : instances_of(s, PartKind::kHeadPlate)) {
    const auto key = std::make_pair(found.part->layer, found.part->head);
    if (found.mesh == Mesh::kBevelBox)
      plate_y[key] = std::max(plate_y.count(key) ? plate_y[key] : -1e9f, translation(found.instance).y);
  }
  REQUIRE(plate_y.size() == 8u);
  for (int h = 0; h < kHeads; ++h)
    if (h != 2) CHECK(plate_y[{1, 2}] > plate_y[{1, h}] + 0.5f);
  for (int h = 0; h < kHeads; ++h) CHECK(plate_y[{1, 2}] > plate_y[{0, h}]);
}

TEST_CASE("beads travel with time toward the query, and stand still with reduced motion", "[attention]") {
  Fixture f(kQueenText);
  f.input.time_seconds = 1.0;
  const Scene a = f.build();
  f.input.time_seconds = 1.4;
  const Scene b = f.build();
  CHECK(a.animated);
  const auto beads_a = instances_of(a, PartKind::kBead), beads_b = instances_of(b, PartKind::kBead);
  REQUIRE(beads_a.size() == 17u);
  REQUIRE(beads_b.size() == 17u);
  int moved = 0;
  for (std::size_t i = 0; i < beads_a.size(); ++i) {
    if (translation(beads_a[i].instance) != translation(beads_b[i].instance)) ++moved;
    // Size ∝ weight.
    CHECK(axis_length(beads_a[i].instance, 0) == Approx(bead_diameter(beads_a[i].part->weight, 1.0f)).margin(1e-6));
  }
  CHECK(moved >= 16);

  f.input.view.reduced_motion = true;
  const Scene c = f.build();
  f.input.time_seconds = 7.0;
  const Scene d = f.build();
  CHECK_FALSE(c.animated);
  const auto beads_c = instances_of(c, PartKind::kBead), beads_d = instances_of(d, PartKind::kBead);
  for (std::size_t i = 0; i < beads_c.size(); ++i)
    CHECK(translation(beads_c[i].instance) == translation(beads_d[i].instance));
}

TEST_CASE("chapter 7's path: both heads' plates glow, each layer lifts its path head", "[attention]") {
  Fixture f("qzxv kplw qzxv kp");
  f.input.selected_layer = 1;
  f.input.selected_head = 3;
  f.input.view.highlight_path = true;
  f.input.view.path_heads[0] = std::make_pair(0, 3);
  f.input.view.path_heads[1] = std::make_pair(1, 3);
  const Scene s = f.build();
  CHECK(s.grids[0].present);
  CHECK(s.grids[0].head == 3);
  CHECK(s.grids[1].present);
  std::map<std::pair<int, int>, int> glows;
  for (const auto& found : instances_of(s, PartKind::kHeadPlate))
    if (found.material == Material::kGlow) ++glows[{found.part->layer, found.part->head}];
  CHECK(glows.size() == 2u);
  CHECK(glows.count({0, 3}) == 1u);
  CHECK(glows.count({1, 3}) == 1u);
  CHECK(parts_of(s, PartKind::kThread).size() == 2u * 17u);
}

TEST_CASE("MLP needles show the selected character's mlp_post, sign by direction and colour", "[attention]") {
  Fixture f(kQueenText);
  f.input.selected_position = 5;
  const Scene s = f.build();
  const auto needles = instances_of(s, PartKind::kMlpNeedle);
  REQUIRE(needles.size() == 256u);
  for (const auto& n : needles) {
    const Part& p = *n.part;
    CHECK(p.position == 5);
    CHECK(p.value == f.acts.layers[static_cast<std::size_t>(p.layer)].mlp_post[5 * 128 + p.index]);
    const float dir_y = n.instance.transform[1].y;
    if (p.value > 0) {
      CHECK(dir_y > 0.0f);
      CHECK(n.instance.color.r > n.instance.color.b);
    } else if (p.value < 0) {
      CHECK(dir_y < 0.0f);
      CHECK(n.instance.color.b > n.instance.color.r);
    }
  }
}

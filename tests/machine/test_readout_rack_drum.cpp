#include <catch2/catch.hpp>

#include <cstdio>

#include "am/machine/layout.hpp"
#include "machine_fixture.hpp"

using namespace am;
using namespace am::machine;
using namespace am::machine::test;
using render::Material;
using render::Mesh;

TEST_CASE("columns: liquid height is the next-character probability at the selected position", "[readout]") {
  Fixture f(kQueenText);
  f.input.selected_position = 9;
  const Scene s = f.build();
  const Layout L = compute_layout(17, f.input.view);
  float total = 0.0f;
  int liquids = 0;
  for (const auto& found : instances_of(s, PartKind::kProbabilityColumn)) {
    const Part& p = *found.part;
    CHECK(p.position == 9);
    CHECK(p.value == f.acts.probs[9 * kVocab + p.index]);
    CHECK_FALSE(p.has_intact);
    if (found.material == Material::kLiquid) {
      ++liquids;
      total += p.value;
      CHECK(axis_length(found.instance, 1) ==
            Approx(std::max(p.value * L.column_height, 1e-4f)).margin(1e-5));
      CHECK(translation(found.instance).x == Approx(L.column_x(p.index)));
    }
  }
  CHECK(liquids == 30);
  CHECK(total == Approx(1.0f).margin(1e-4));

  const auto cols = parts_of(s, PartKind::kProbabilityColumn);
  const Part* e = cols[static_cast<std::size_t>(char_to_id('e'))];
  const std::string text = describe(*e, f.input);
  char expect[64];
  std::snprintf(expect, sizeof expect, "probability = %.1f %%", 100.0 * static_cast<double>(e->value));
  CHECK(text.rfind("next after '.' (place 10): 'e'\n", 0) == 0);
  CHECK(text.find(expect) != std::string::npos);
}

TEST_CASE("with a head pulled, ghost columns show the intact probabilities", "[readout]") {
  Fixture f(kQueenText, 7, *HeadMask::parse("L1H2,L2H4"));
  const Scene s = f.build();
  int ghosts = 0;
  for (const auto& found : instances_of(s, PartKind::kProbabilityColumn)) {
    const Part& p = *found.part;
    REQUIRE(p.has_intact);
    CHECK(p.intact == f.intact.probs[16 * kVocab + p.index]);
    CHECK(p.value == f.acts.probs[16 * kVocab + p.index]);
    if (found.material == Material::kLiquid && axis_length(found.instance, 0) < 0.1f)
      ++ghosts;  // the thin one
  }
  CHECK(ghosts == 30);
  // Pulling heads changed something.
  bool differs = false;
  for (int id = 0; id < kVocab; ++id)
    differs |= f.intact.probs[16 * kVocab + id] != f.acts.probs[16 * kVocab + id];
  CHECK(differs);
  const std::string text = describe(*parts_of(s, PartKind::kProbabilityColumn)[0], f.input);
  CHECK(text.find("with every head in the rack") != std::string::npos);
}

TEST_CASE("a pulled head is out of its slot and dimmed; the others sit in theirs", "[rack]") {
  Fixture f(kQueenText, 7, *HeadMask::parse("L2H4"));
  const Scene s = f.build();
  int blocks = 0;
  for (const auto& found : instances_of(s, PartKind::kRackHead)) {
    if (found.mesh != Mesh::kBevelBox) continue;
    ++blocks;
    const Part& p = *found.part;
    const glm::vec3 slot =
        s.anchors.rack_slots[static_cast<std::size_t>(p.layer)][static_cast<std::size_t>(p.head)];
    const float depth = axis_length(found.instance, 2);
    const float out = glm::distance(translation(found.instance), slot);
    if (p.layer == 1 && p.head == 3) {
      CHECK(p.value == 1.0f);
      CHECK(out > depth);  // fully clear of the slot
      CHECK(found.instance.color.r < 0.6f);
      CHECK(describe(p, f.input).find("pulled out") != std::string::npos);
    } else {
      CHECK(p.value == 0.0f);
      CHECK(out < 0.5f * depth);
      CHECK(found.instance.color.r == 1.0f);
    }
  }
  CHECK(blocks == 8);
}

TEST_CASE("the drum carries the loss curve and marks the current step", "[drum]") {
  Fixture f(kQueenText);
  auto& tr = f.input.training;
  for (int i = 0; i <= 90; ++i) {
    tr.steps.push_back(i * 100);
    tr.loss.push_back(3.4f - 1.6f * (1.0f - std::exp(-static_cast<float>(i) / 15.0f)));
    tr.accuracy.push_back(i < 10 ? 0.1f : 0.8f);
  }
  tr.current_step = 1250;
  const Scene s = f.build();
  const auto drums = parts_of(s, PartKind::kDrum);
  REQUIRE(drums.size() == 2u);  // the drum with the loss curve, and the accuracy curve
  const Part& d = *drums[0];
  CHECK(d.step == 1250);
  const float expected = 0.5f * (tr.loss[12] + tr.loss[13]);
  CHECK(d.value == Approx(expected).margin(1e-5));
  CHECK(d.weight == Approx(0.8f));
  int curves = 0;
  for (const auto& t : s.draw.tubes)
    if (const Part* p = s.part(t.pick); p && p->kind == PartKind::kDrum) {
      ++curves;
      CHECK(t.points.size() >= 91u);
      // Every point lies on the drum's surface.
      for (const auto& pt : t.points) {
        const glm::vec2 r(pt.x - s.anchors.drum.x, pt.z - s.anchors.drum.z);
        CHECK(glm::length(r) == Approx(1.515f).margin(1e-3));
      }
    }
  CHECK(curves == 2);
  const std::string text = describe(d, f.input);
  CHECK(text.rfind("training step 1250\n", 0) == 0);
}

TEST_CASE("a drum with checkpoints but no loss record still marks the steps", "[drum]") {
  Fixture f(kQueenText);
  f.input.training.steps = {0, 1000, 2000, 3000};
  f.input.training.current_step = 2000;
  const Scene s = f.build();
  const auto drums = parts_of(s, PartKind::kDrum);
  REQUIRE(drums.size() == 1u);
  CHECK(drums[0]->value < 0.0f);  // unknown
  int ticks = 0;
  for (const auto& found : instances_of(s, PartKind::kDrum))
    if (found.mesh == Mesh::kBox && found.material == Material::kPaint) ++ticks;
  CHECK(ticks == 4);
  CHECK(describe(*drums[0], f.input) == "training step 2000");
}

TEST_CASE("a beat's column note waits while a question hides the probabilities") {
  am::machine::test::Fixture f("the queen. the qu");
  f.input.beat = {.op = am::machine::BeatOp::kCopy, .query = 16, .key = am::char_to_id('e')};
  auto percent_notes = [](const am::machine::Scene& s) {
    return std::count_if(s.notes.begin(), s.notes.end(), [](const am::machine::ScreenNote& n) {
      return n.text.find('%') != std::string::npos;
    });
  };
  CHECK(percent_notes(f.build()) == 1);  // "score … → …%" at the column
  f.input.view.hide_probabilities = true;
  CHECK(percent_notes(f.build()) == 0);
}

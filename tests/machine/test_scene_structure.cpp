#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "am/machine/encodings.hpp"
#include "am/machine/layout.hpp"
#include "machine_fixture.hpp"

using namespace am;
using namespace am::machine;
using namespace am::machine::test;
using render::Material;
using render::Mesh;

namespace {
int stage_count(const View& v) { return v.split_embedding ? 8 : 6; }

std::string text_of_length(int n) {
  const std::string base = "the quick brown fox, it's said. ";
  std::string s;
  while (static_cast<int>(s.size()) < n) s += base;
  return s.substr(0, static_cast<std::size_t>(n));
}
}  // namespace

TEST_CASE("instance counts: slugs, bands, needles, columns, rack heads", "[scene]") {
  for (const int T : {1, 17, 64}) {
    for (const bool split : {false, true}) {
      Fixture f(T == 17 ? std::string(kQueenText) : text_of_length(T));
      f.input.view.split_embedding = split;
      const Scene s = f.build();
      INFO("T = " << T << ", split = " << split);

      REQUIRE(parts_of(s, PartKind::kSlug).size() == static_cast<std::size_t>(T));
      // One slug body per character: the bevelled box of the slug's full size.
      const glm::vec3 size = compute_layout(T, f.input.view).slug_size;
      int bodies = 0;
      for (const auto& found : instances_of(s, PartKind::kSlug))
        if (found.mesh == Mesh::kBevelBox && std::abs(axis_length(found.instance, 0) - size.x) < 1e-5f) ++bodies;
      CHECK(bodies == T);

      CHECK(instances_of(s, PartKind::kBand).size() == static_cast<std::size_t>(32 * stage_count(f.input.view) * T));
      CHECK(parts_of(s, PartKind::kMlpNeedle).size() == static_cast<std::size_t>(128 * kLayers));
      for (int l = 0; l < kLayers; ++l) {
        int n = 0;
        for (const auto& found : instances_of(s, PartKind::kMlpNeedle))
          if (found.part->layer == l && found.mesh == Mesh::kNeedle) ++n;
        CHECK(n == 128);
      }
      int glass_columns = 0;
      for (const auto& found : instances_of(s, PartKind::kProbabilityColumn))
        if (found.material == Material::kGlass) ++glass_columns;
      CHECK(glass_columns == 30);
      CHECK(parts_of(s, PartKind::kProbabilityColumn).size() == 30u);
      CHECK(instances_of(s, PartKind::kRackHead).size() >= 8u);
      CHECK(parts_of(s, PartKind::kRackHead).size() == 8u);
      // One dial and one thread per visible key of the selected query (the last).
      CHECK(parts_of(s, PartKind::kDial).size() == static_cast<std::size_t>(T));
      CHECK(s.draw.tubes.size() >= static_cast<std::size_t>(T));
    }
  }
}

TEST_CASE("every pick id names a part, and every part is drawn", "[scene]") {
  Fixture f(kQueenText);
  const Scene s = f.build();
  std::vector<int> drawn(s.parts.size(), 0);
  for (const auto& per_mesh : s.draw.batches)
    for (const auto& batch : per_mesh)
      for (const auto& whole : batch)
        render::for_each_drawn_part(s.draw, whole, [&](const render::Instance& inst) {
          REQUIRE(inst.pick <= s.parts.size());
          if (inst.pick) ++drawn[inst.pick - 1];
        });
  for (const auto& t : s.draw.tubes) {
    REQUIRE(t.pick <= s.parts.size());
    if (t.pick) ++drawn[t.pick - 1];
  }
  for (std::size_t i = 0; i < drawn.size(); ++i) {
    INFO("part " << i << " kind " << static_cast<int>(s.parts[i].kind));
    CHECK(drawn[i] > 0);
  }
}

TEST_CASE("each stretch of each tube is one rod striped with its 32 bands, band k at its place", "[scene]") {
  Fixture f(kQueenText);
  const Scene s = f.build();
  const int T = f.acts.length();
  const Layout L = compute_layout(T, f.input.view);
  std::size_t rods = 0;
  for (const render::Instance& inst : s.draw.batch(Mesh::kCylinder, Material::kPaint))
    if (inst.stripe_count == 32) ++rods;
  CHECK(rods == static_cast<std::size_t>(stage_count(f.input.view) * T));
  CHECK(s.draw.stripe_colors.size() == 32 * rods);
  const auto bands = instances_of(s, PartKind::kBand);
  REQUIRE(bands.size() == 32 * rods);
  for (const auto& found : bands) {
    const Stretch* st = L.stretch(static_cast<Stage>(found.part->stage));
    REQUIRE(st != nullptr);
    INFO("stage " << found.part->stage << ", position " << found.part->position << ", band " << found.part->index);
    CHECK(translation(found.instance).z == Approx(L.band_z(*st, found.part->index)).margin(1e-4));
    CHECK(translation(found.instance).x == Approx(L.x(found.part->position)).margin(1e-5));
    CHECK(axis_length(found.instance, 1) == Approx(0.8f * L.band_pitch).margin(1e-5));
    CHECK(found.instance.color == band_color(found.part->value, found.part->weight));
  }
}

TEST_CASE("band colours follow the sign of their numbers", "[scene]") {
  Fixture f(kQueenText);
  f.input.view.split_embedding = true;
  const Scene s = f.build();
  int positive = 0, negative = 0;
  for (const auto& found : instances_of(s, PartKind::kBand)) {
    const float v = found.part->value;
    const glm::vec4 c = found.instance.color;
    // The part's value is the activation it claims to show.
    const float* values = stage_values(f.acts, static_cast<Stage>(found.part->stage));
    REQUIRE(v == values[found.part->position * 32 + found.part->index]);
    if (v > 0) {
      CHECK(c.r > c.b);
      ++positive;
    } else if (v < 0) {
      CHECK(c.b > c.r);
      ++negative;
    }
    CHECK(c == band_color(v, found.part->weight));
  }
  CHECK(positive > 100);
  CHECK(negative > 100);
}

TEST_CASE("bands run front to back in stage order along -Z", "[scene]") {
  Fixture f(kQueenText);
  const Layout L = compute_layout(17, f.input.view);
  REQUIRE(L.stretch_count == 6);
  for (int i = 1; i < L.stretch_count; ++i)
    CHECK(L.stretches[static_cast<std::size_t>(i)].z_front < L.stretches[static_cast<std::size_t>(i - 1)].z_back);
  CHECK(L.bays[0].z_front < L.stretch(Stage::kEmbeddingPlusPosition)->z_back);
  CHECK(L.housings[0].z_front < L.stretch(Stage::kAfterAttention1)->z_back);
  CHECK(L.bays[1].z_front < L.stretch(Stage::kAfterMlp1)->z_back);
  CHECK(L.columns_z < L.readout_z);
  CHECK(L.readout_z < L.stretch(Stage::kFinalNorm)->z_back);
  // 17 characters at spacing 1; 64 shrink to fit the 24-wide row.
  CHECK(L.spacing == 1.0f);
  CHECK(compute_layout(64, f.input.view).spacing * 64 == Approx(24.0f));
}

TEST_CASE("the selected character's slug is copper, the others brass", "[scene]") {
  Fixture f(kQueenText);
  f.input.selected_position = 4;
  const Scene s = f.build();
  for (const auto& found : instances_of(s, PartKind::kSlug)) {
    if (found.mesh != Mesh::kBevelBox) continue;
    if (found.part->position == 4)
      CHECK(found.material == Material::kCopper);
    else
      CHECK(found.material == Material::kBrass);
  }
}

TEST_CASE("the scene is deterministic, and a reused scene equals a fresh one", "[scene]") {
  Fixture f(kQueenText, 11, *HeadMask::parse("L2H4"));
  f.input.time_seconds = 3.25;
  f.input.training.steps = {0, 500, 1000, 1500, 2000};
  f.input.training.loss = {3.4f, 2.5f, 2.2f, 2.0f, 1.9f};
  f.input.training.current_step = 1200;
  Scene a = f.build();
  const Scene b = f.build();

  // Reuse `a` for a different input first, then the original again.
  SceneInput other = f.input;
  other.selected_position = 3;
  other.view.split_embedding = true;
  build_scene(other, a);
  build_scene(f.input, a);

  const auto same = [](const Scene& x, const Scene& y) {
    for (int m = 0; m < render::kMeshCount; ++m)
      for (int mat = 0; mat < render::kMaterialCount; ++mat) {
        const auto& bx = x.draw.batch(static_cast<Mesh>(m), static_cast<Material>(mat));
        const auto& by = y.draw.batch(static_cast<Mesh>(m), static_cast<Material>(mat));
        REQUIRE(bx.size() == by.size());
        for (std::size_t i = 0; i < bx.size(); ++i) {
          REQUIRE(bx[i].transform == by[i].transform);
          REQUIRE(bx[i].color == by[i].color);
          REQUIRE(bx[i].pick == by[i].pick);
          REQUIRE((bx[i].stripe_first == by[i].stripe_first && bx[i].stripe_count == by[i].stripe_count));
        }
      }
    REQUIRE(x.draw.stripe_colors == y.draw.stripe_colors);
    REQUIRE(x.draw.stripe_fill == y.draw.stripe_fill);
    REQUIRE(x.draw.labels.size() == y.draw.labels.size());
    for (std::size_t i = 0; i < x.draw.labels.size(); ++i) {
      REQUIRE(x.draw.labels[i].text == y.draw.labels[i].text);
      REQUIRE(x.draw.labels[i].position == y.draw.labels[i].position);
      REQUIRE(x.draw.labels[i].height == y.draw.labels[i].height);
    }
    REQUIRE(x.draw.tubes.size() == y.draw.tubes.size());
    for (std::size_t i = 0; i < x.draw.tubes.size(); ++i) {
      REQUIRE(x.draw.tubes[i].points == y.draw.tubes[i].points);
      REQUIRE(x.draw.tubes[i].radius == y.draw.tubes[i].radius);
      REQUIRE(x.draw.tubes[i].pick == y.draw.tubes[i].pick);
    }
    REQUIRE(x.parts.size() == y.parts.size());
    for (std::size_t i = 0; i < x.parts.size(); ++i) {
      const Part& p = x.parts[i];
      const Part& q = y.parts[i];
      REQUIRE((p.kind == q.kind && p.position == q.position && p.key == q.key && p.layer == q.layer &&
               p.head == q.head && p.index == q.index && p.stage == q.stage && p.value == q.value &&
               p.dot == q.dot && p.scaled == q.scaled && p.weight == q.weight && p.intact == q.intact &&
               p.step == q.step));
    }
    REQUIRE(x.anchors.bounds_min == y.anchors.bounds_min);
    REQUIRE(x.anchors.bounds_max == y.anchors.bounds_max);
  };
  same(a, b);
  CHECK(a.parts.size() > 3000);  // a full scene: 3,264 bands alone
}

TEST_CASE("with no activations the frame of the machine is still drawn", "[scene]") {
  SceneInput in;
  Scene s;
  build_scene(in, s);
  CHECK(parts_of(s, PartKind::kSlug).empty());
  CHECK(parts_of(s, PartKind::kRackHead).size() == 8u);
  CHECK(parts_of(s, PartKind::kProbabilityColumn).size() == 30u);
  CHECK(parts_of(s, PartKind::kDrum).size() == 1u);
  CHECK(s.draw.instance_count() > 0);
  CHECK_FALSE(s.animated);
}

TEST_CASE("the bounds hold the whole machine and the anchors sit inside them", "[scene]") {
  Fixture f(kQueenText);
  const Scene s = f.build();
  const Anchors& a = s.anchors;
  const auto inside = [&](const glm::vec3& p) {
    return glm::all(glm::greaterThanEqual(p, a.bounds_min)) && glm::all(glm::lessThanEqual(p, a.bounds_max));
  };
  CHECK(inside(a.slugs));
  CHECK(inside(a.query));
  CHECK(inside(a.columns));
  CHECK(inside(a.drum));
  CHECK(inside(a.rack));
  CHECK(inside(a.lifted_plate));
  CHECK(a.drum.x < a.slugs.x);   // the drum on the left
  CHECK(a.columns.z < a.mlp[1].z);  // the columns at the back
  CHECK(a.bounds_max.x - a.bounds_min.x < 45.0f);
}

TEST_CASE("every instance's centre lies within the bounds", "[scene]") {
  for (const int T : {3, 17, 64}) {
    std::string text;
    for (int i = 0; i < T; ++i) text += "the queen. "[i % 11];
    Fixture f(text, 2);
    f.input.view.highlight_path = true;
    f.input.view.path_heads[0] = std::make_pair(0, 1);
    f.input.training.steps = {0, 100, 200};
    f.input.training.loss = {3.0f, 2.0f, 1.5f};
    const Scene s = f.build();
    const Anchors& a = s.anchors;
    int outside = 0;
    for (const auto& per_mesh : s.draw.batches)
      for (const auto& batch : per_mesh)
        for (const auto& inst : batch) {
          const glm::vec3 c = translation(inst);
          if (glm::any(glm::lessThan(c, a.bounds_min)) || glm::any(glm::greaterThan(c, a.bounds_max))) ++outside;
        }
    INFO("T = " << T);
    CHECK(outside == 0);
  }
}

TEST_CASE("a closed MLP housing hides its needles; cut open shows 128 per layer", "[scene]") {
  Fixture f(kQueenText);
  CHECK(parts_of(f.build(), PartKind::kMlpNeedle).size() == 256u);
  f.input.view.cut_open_mlp = false;
  CHECK(parts_of(f.build(), PartKind::kMlpNeedle).empty());
}

TEST_CASE("views can hide threads, beads and the shutter", "[scene]") {
  Fixture f(kQueenText);
  f.input.view.show_threads = false;
  f.input.view.show_beads = false;
  f.input.view.show_shutter = false;
  const Scene s = f.build();
  CHECK(parts_of(s, PartKind::kThread).empty());
  CHECK(parts_of(s, PartKind::kBead).empty());
  CHECK(parts_of(s, PartKind::kShutter).empty());
  CHECK(parts_of(s, PartKind::kDial).size() == 17u);
  CHECK_FALSE(s.animated);
}

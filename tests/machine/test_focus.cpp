// Focus-part bounds come from the scene's own instances, and follow the layout.
#include <catch2/catch.hpp>

#include <filesystem>

#include "am/machine/beat_notes.hpp"
#include "am/machine/focus.hpp"
#include "am/machine/layout.hpp"
#include "am/model/safetensors.hpp"
#include "machine_fixture.hpp"

using namespace am;
using namespace am::machine;

TEST_CASE("focus: the slug row spans the first to the last slug and the query slug is one of them",
          "[focus]") {
  test::Fixture f("the queen. the qu");
  const Scene s = f.build();
  const Layout L = compute_layout(17, f.input.view);
  const Box row = part_bounds(s, f.input, FocusPart::kSlugs);
  REQUIRE_FALSE(row.empty());
  // Slugs are L.slug_size wide, centred on x(0) .. x(16) (with a little trim around them).
  CHECK(row.lo.x <= L.x(0) - 0.5f * L.slug_size.x + 1e-3f);
  CHECK(row.hi.x >= L.x(16) + 0.5f * L.slug_size.x - 1e-3f);
  CHECK(row.lo.x == Approx(L.x(0) - 0.5f * L.slug_size.x).margin(0.15f));
  CHECK(row.hi.x == Approx(L.x(16) + 0.5f * L.slug_size.x).margin(0.15f));
  const Box q = part_bounds(s, f.input, FocusPart::kQuerySlug);
  REQUIRE_FALSE(q.empty());
  CHECK(q.centre().x == Approx(L.x(16)).margin(1e-3f));  // the last character is the query
  f.input.selected_position = 3;
  const Scene s3 = f.build();
  CHECK(part_bounds(s3, f.input, FocusPart::kQuerySlug).centre().x == Approx(L.x(3)).margin(1e-3f));
}

TEST_CASE("focus: the lifted plate's parts sit on its bay, and the whole machine holds every part",
          "[focus]") {
  test::Fixture f("abcabcab");
  f.input.selected_layer = 1;
  f.input.selected_head = 2;
  const Scene s = f.build();
  const Layout L = compute_layout(8, f.input.view);
  const Bay& bay = L.bays[1];
  for (FocusPart p :
       {FocusPart::kLiftedDials, FocusPart::kLiftedGrid, FocusPart::kShutter, FocusPart::kThreads}) {
    const Box b = part_bounds(s, f.input, p);
    INFO(focus_part_name(p));
    REQUIRE_FALSE(b.empty());
    CHECK(b.lo.y >= bay.lifted_y - 0.1f);  // on or above the lifted plate
    CHECK(b.centre().z <= bay.z_front + 0.1f);
    CHECK(b.centre().z >= bay.z_back - 0.1f);
  }
  // Every representative dial belongs to the lifted head and is the highest score.
  const auto id = representative_part(s, f.input, FocusPart::kLiftedDials);
  REQUIRE(id);
  const Part* best = s.part(*id);
  CHECK(best->kind == PartKind::kDial);
  CHECK(best->layer == 1);
  CHECK(best->head == 2);
  for (const Part* p : test::parts_of(s, PartKind::kDial))
    if (p->layer == 1 && p->head == 2) CHECK(p->scaled <= best->scaled);
  const Box all = part_bounds(s, f.input, FocusPart::kMachine);
  for (int k = 0; k < static_cast<int>(FocusPart::kMachine); ++k) {
    const Box b = part_bounds(s, f.input, static_cast<FocusPart>(k));
    if (b.empty()) continue;
    INFO(focus_part_name(static_cast<FocusPart>(k)));
    CHECK(b.lo.x >= all.lo.x - 1e-3f);
    CHECK(b.hi.x <= all.hi.x + 1e-3f);
    CHECK(b.lo.z >= all.lo.z - 1e-3f);
    CHECK(b.hi.z <= all.hi.z + 1e-3f);
  }
}

TEST_CASE("focus: the copy thread is the copying head's heaviest thread, the query itself included",
          "[focus]") {
  test::Fixture f("abcdabc");
  f.input.view.highlight_path = true;
  f.input.view.path_heads[0] = std::make_pair(0, 1);
  f.input.view.path_heads[1] = std::make_pair(1, 3);
  const Scene s = f.build();
  CHECK(part_bounds(s, f.input, FocusPart::kCopyThread).empty() == false);
  const auto id = representative_part(s, f.input, FocusPart::kCopyThread);
  REQUIRE(id);
  const Part* t = s.part(*id);
  CHECK(t->kind == PartKind::kThread);
  CHECK(t->layer == 1);
  CHECK(t->head == 3);
  CHECK(t->position == 6);
  CHECK(t->key == weight_look(f.acts, "abcdabc", 1, 3, 6).key);  // the beats' rule
  const float* w = f.acts.layers[1].weights + (3 * 7 + 6) * 7;   // [heads][T][T], query 6
  for (int j = 0; j <= 6; ++j) CHECK(w[j] <= t->weight + 1e-6f);
  // Without a path there is no copy thread, and no path plates.
  f.input.view.highlight_path = false;
  const Scene plain = f.build();
  CHECK(part_bounds(plain, f.input, FocusPart::kCopyThread).empty());
  CHECK(part_bounds(plain, f.input, FocusPart::kPathPlates).empty());
}

TEST_CASE("focus: the MLP's representative needle is the lifted layer's tallest", "[focus]") {
  test::Fixture f("the queen. the qu");
  for (int layer = 0; layer < kLayers; ++layer) {
    f.input.selected_layer = layer;
    const Scene s = f.build();
    const auto id = representative_part(s, f.input, FocusPart::kMlp);
    REQUIRE(id);
    const Part* best = s.part(*id);
    CHECK(best->kind == PartKind::kMlpNeedle);
    CHECK(best->layer == layer);
    for (const Part* p : test::parts_of(s, PartKind::kMlpNeedle))
      if (p->layer == layer) CHECK(p->value <= best->value);
  }
}

TEST_CASE("focus: on the trained model the copy thread goes where the weight goes, copy or not", "[focus]") {
  auto w =
      load_weights(std::filesystem::path(AM_SOURCE_DIR) / "weights" / "repeated" / "step_009000.safetensors");
  REQUIRE(w);
  const auto copy_thread = [&](const std::string& text) {
    SceneInput in;
    const Activations acts = forward(*w, encode(text));
    in.acts = &acts;
    in.text = text;
    in.selected_layer = 1;
    in.selected_head = 3;
    in.view.highlight_path = true;
    in.view.path_heads[0] = std::make_pair(0, 3);
    in.view.path_heads[1] = std::make_pair(1, 3);
    Scene s;
    build_scene(in, s);
    const auto id = representative_part(s, in, FocusPart::kCopyThread);
    REQUIRE(id);
    const Part p = *s.part(*id);
    CHECK(pick_bounds(s, *id).centre() == part_bounds(s, in, FocusPart::kCopyThread).centre());
    return std::make_pair(p, weight_look(acts, text, 1, 3, acts.length() - 1));
  };
  // A repeat: the place right after the earlier "u", "e", heavily weighed.
  const auto [copied, look] = copy_thread("the queen. the qu");
  CHECK(look.after_copy);
  CHECK(copied.key == look.key);
  CHECK(copied.key == 6);
  CHECK(copied.weight > 0.5f);
  // No copy to follow: the head keeps its weight on the query itself, and so does the thread
  // (it was the heaviest earlier thread, at weight 0.00).
  const auto [stays, none] = copy_thread("the cat sat on the mat. ");
  CHECK_FALSE(none.after_copy);
  CHECK(stays.key == stays.position);
  CHECK(stays.key == none.key);
  CHECK(stays.weight == Approx(none.weight).margin(1e-6));
  CHECK(stays.weight > 0.5f);
}

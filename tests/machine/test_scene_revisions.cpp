// The scene's draw-list revisions: a build with the same input keeps them, a build
// that draws something else bumps exactly what changed, so the renderer can keep
// the rest without looking at it.
#include <catch2/catch.hpp>

#include "machine_fixture.hpp"

using namespace am;
using namespace am::machine;
using namespace am::machine::test;

namespace {

constexpr auto kGlow = static_cast<std::size_t>(render::Material::kGlow);
constexpr auto kSphere = static_cast<std::size_t>(render::Mesh::kSphere);

// Every batch revision but glow's.
std::vector<std::uint64_t> all_but_glow(const render::BatchRevisions& r) {
  std::vector<std::uint64_t> out;
  for (const auto& per_mesh : r)
    for (std::size_t k = 0; k < per_mesh.size(); ++k)
      if (k != kGlow) out.push_back(per_mesh[k]);
  return out;
}

}  // namespace

TEST_CASE("the same input twice keeps every revision", "[scene][revisions]") {
  Fixture f{std::string(kQueenText)};
  Scene s;
  build_scene(f.input, s);
  const render::DrawListRevisions first = s.draw.revisions;
  build_scene(f.input, s);
  const render::DrawListRevisions again = s.draw.revisions;
  CHECK(again.batches == first.batches);
  CHECK(again.shapes == first.shapes);
  CHECK(again.tube_shapes == first.tube_shapes);
  CHECK(again.tubes == first.tubes);
  CHECK(again.labels == first.labels);
  CHECK(first.batches[kSphere][kGlow] != 0);  // stamped
}

TEST_CASE("travelling beads bump the glowing spheres only", "[scene][revisions]") {
  Fixture f{std::string(kQueenText)};
  Scene s;
  build_scene(f.input, s);
  const render::DrawListRevisions before = s.draw.revisions;
  f.input.time_seconds += 0.25;
  build_scene(f.input, s);
  REQUIRE(s.animated);
  const render::DrawListRevisions after = s.draw.revisions;
  CHECK(after.batches[kSphere][kGlow] != before.batches[kSphere][kGlow]);
  CHECK(after.shapes[kSphere][kGlow] != before.shapes[kSphere][kGlow]);
  CHECK(all_but_glow(after.batches) == all_but_glow(before.batches));
  CHECK(all_but_glow(after.shapes) == all_but_glow(before.shapes));
  CHECK(after.tubes == before.tubes);
  CHECK(after.labels == before.labels);
}

TEST_CASE("another query character bumps the threads and what shows its numbers", "[scene][revisions]") {
  Fixture f{std::string(kQueenText)};
  Scene s;
  f.input.selected_position = 3;
  build_scene(f.input, s);
  const render::DrawListRevisions before = s.draw.revisions;
  f.input.selected_position = 9;
  build_scene(f.input, s);
  const render::DrawListRevisions after = s.draw.revisions;
  CHECK(after.tubes != before.tubes);
  CHECK(after.tube_shapes[kGlow] != before.tube_shapes[kGlow]);
  CHECK(after.batches != before.batches);
  // Back to the first query: new numbers again (a revision says "changed since the
  // last build", not "seen before").
  f.input.selected_position = 3;
  build_scene(f.input, s);
  CHECK(s.draw.revisions.tubes != after.tubes);
  CHECK(s.draw.revisions.tubes != before.tubes);
}

// The revisions a builder stamps on its draw list: unchanged parts keep their
// numbers, a change bumps exactly the numbers that guard it.
#include <catch2/catch.hpp>

#include <glm/gtc/matrix_transform.hpp>

#include "am/render/revision_stamp.hpp"

using namespace am::render;

namespace {

constexpr auto kBrass = static_cast<std::size_t>(Material::kBrass);
constexpr auto kGlow = static_cast<std::size_t>(Material::kGlow);
constexpr auto kSteel = static_cast<std::size_t>(Material::kSteel);
constexpr auto kBox = static_cast<std::size_t>(Mesh::kBevelBox);
constexpr auto kSphere = static_cast<std::size_t>(Mesh::kSphere);

DrawList scene(float bead_x) {
  DrawList list;
  list.batch(Mesh::kBevelBox, Material::kBrass).push_back({glm::mat4(1.0f), glm::vec4(1), 1});
  list.batch(Mesh::kSphere, Material::kGlow)
      .push_back({glm::translate(glm::mat4(1.0f), {bead_x, 0, 0}), glm::vec4(1), 2});
  SweptTube thread;
  thread.points = {{0, 0, 0}, {1, 1, 0}};
  list.tubes.push_back(thread);
  SweptTube pipe = thread;
  pipe.material = Material::kSteel;
  list.tubes.push_back(pipe);
  list.labels.push_back({"a", {0, 0, 0}, {1, 0, 0}, {0, 1, 0}, 0.1f, glm::vec4(1), false});
  return list;
}

DrawListRevisions stamped(RevisionStamp& stamp, DrawList list) {
  stamp.stamp(list);
  return list.revisions;
}

}  // namespace

TEST_CASE("an unchanged list keeps every revision, and none is 0 once stamped") {
  RevisionStamp stamp;
  const DrawListRevisions a = stamped(stamp, scene(0.0f)), b = stamped(stamp, scene(0.0f));
  CHECK(a.batches == b.batches);
  CHECK(a.shapes == b.shapes);
  CHECK(a.tube_shapes == b.tube_shapes);
  CHECK(a.tubes == b.tubes);
  CHECK(a.labels == b.labels);
  CHECK(a.batches[kBox][kBrass] != 0);
  CHECK(a.tubes != 0);
  CHECK(a.labels != 0);
}

TEST_CASE("a moved bead bumps its batch and shape, nothing else") {
  RevisionStamp stamp;
  const DrawListRevisions a = stamped(stamp, scene(0.0f)), b = stamped(stamp, scene(0.5f));
  CHECK(b.batches[kSphere][kGlow] != a.batches[kSphere][kGlow]);
  CHECK(b.shapes[kSphere][kGlow] != a.shapes[kSphere][kGlow]);
  CHECK(b.batches[kBox][kBrass] == a.batches[kBox][kBrass]);
  CHECK(b.shapes[kBox][kBrass] == a.shapes[kBox][kBrass]);
  CHECK(b.tubes == a.tubes);
  CHECK(b.labels == a.labels);
}

TEST_CASE("a new colour bumps the batch but not its shape (shadows stay)") {
  RevisionStamp stamp;
  DrawList recoloured = scene(0.0f);
  recoloured.batch(Mesh::kBevelBox, Material::kBrass)[0].color = glm::vec4(0.5f);
  const DrawListRevisions a = stamped(stamp, scene(0.0f)), b = stamped(stamp, recoloured);
  CHECK(b.batches[kBox][kBrass] != a.batches[kBox][kBrass]);
  CHECK(b.shapes[kBox][kBrass] == a.shapes[kBox][kBrass]);
  CHECK(b.batches[kSphere][kGlow] == a.batches[kSphere][kGlow]);
}

TEST_CASE("a moved thread bumps the tubes and its material's tube shapes only") {
  RevisionStamp stamp;
  DrawList moved = scene(0.0f);
  moved.tubes[0].points[1].y = 2.0f;  // the glowing thread
  const DrawListRevisions a = stamped(stamp, scene(0.0f)), b = stamped(stamp, moved);
  CHECK(b.tubes != a.tubes);
  CHECK(b.tube_shapes[kGlow] != a.tube_shapes[kGlow]);
  CHECK(b.tube_shapes[kSteel] == a.tube_shapes[kSteel]);
  CHECK(b.labels == a.labels);
  CHECK(b.batches == a.batches);
}

TEST_CASE("a relabelled list bumps the labels only, and two stamps never share a number") {
  RevisionStamp stamp, other;
  DrawList relabelled = scene(0.0f);
  relabelled.labels[0].text = "b";
  const DrawListRevisions a = stamped(stamp, scene(0.0f)), b = stamped(stamp, relabelled);
  CHECK(b.labels != a.labels);
  CHECK(b.tubes == a.tubes);
  CHECK(b.batches == a.batches);
  // The same content through another stamp: other numbers, so a renderer that sees
  // lists from both never mistakes one for the other.
  const DrawListRevisions c = stamped(other, scene(0.0f));
  CHECK(c.batches[kBox][kBrass] != a.batches[kBox][kBrass]);
  CHECK(c.labels != a.labels);
}

TEST_CASE("a new stripe colour bumps the striped batch and the stripes, not its shape or other batches") {
  const auto striped = [](float red) {
    DrawList list = scene(0.0f);
    Instance rod{glm::mat4(1.0f), glm::vec4(1), 3};
    rod.stripe_count = 2;
    list.batch(Mesh::kCylinder, Material::kPaint).push_back(rod);
    list.stripe_colors = {{red, 0, 0, 1}, {0, 0, 1, 1}};
    return list;
  };
  constexpr auto kCylinder = static_cast<std::size_t>(Mesh::kCylinder);
  constexpr auto kPaint = static_cast<std::size_t>(Material::kPaint);
  RevisionStamp stamp;
  const DrawListRevisions a = stamped(stamp, striped(1.0f)), b = stamped(stamp, striped(1.0f)),
                          c = stamped(stamp, striped(0.5f));
  CHECK(b.stripes == a.stripes);
  CHECK(b.batches[kCylinder][kPaint] == a.batches[kCylinder][kPaint]);
  CHECK(c.stripes != b.stripes);
  CHECK(c.batches[kCylinder][kPaint] != b.batches[kCylinder][kPaint]);
  CHECK(c.shapes[kCylinder][kPaint] == b.shapes[kCylinder][kPaint]);
  CHECK(c.batches[kBox][kBrass] == b.batches[kBox][kBrass]);
}

// When a frame may reuse the last frame's static layer.
#include <catch2/catch.hpp>

#include <glm/gtc/matrix_transform.hpp>

#include "am/render/revision_stamp.hpp"
#include "am/render/static_layer.hpp"

using namespace am::render;

namespace {

DrawList machine_with_bead_at(float x) {
  DrawList list;
  list.batch(Mesh::kBevelBox, Material::kBrass).push_back({glm::mat4(1.0f), glm::vec4(1), 1});
  list.batch(Mesh::kSphere, Material::kGlow).push_back({glm::translate(glm::mat4(1.0f), {x, 0, 0}), glm::vec4(1), 2});
  return list;
}

// A list's batch revisions as a builder stamps them, frame after frame.
BatchRevisions batches_stamped(RevisionStamp& stamp, DrawList list) {
  stamp.stamp(list);
  return list.revisions.batches;
}

}  // namespace

TEST_CASE("a moving glow batch is left out of the layer, which is then reused") {
  RevisionStamp stamp;
  StaticLayer layer;
  CHECK_FALSE(layer.reuse(batches_stamped(stamp, machine_with_bead_at(0.0f)), 7));  // first frame: nothing kept
  CHECK_FALSE(layer.worth_keeping());                                    // nothing moves yet
  CHECK_FALSE(layer.reuse(batches_stamped(stamp, machine_with_bead_at(0.1f)), 7));  // the bead moved
  REQUIRE(layer.worth_keeping());
  CHECK(layer.excluded()[static_cast<int>(Mesh::kSphere)][static_cast<int>(Material::kGlow)]);
  CHECK_FALSE(layer.excluded()[static_cast<int>(Mesh::kBevelBox)][static_cast<int>(Material::kBrass)]);
  layer.kept();
  CHECK(layer.reuse(batches_stamped(stamp, machine_with_bead_at(0.2f)), 7));  // only the bead moved again
  CHECK(layer.reuse(batches_stamped(stamp, machine_with_bead_at(0.3f)), 7));
}

TEST_CASE("the layer is redrawn when the camera (context) or a static batch changes") {
  RevisionStamp stamp;
  StaticLayer layer;
  layer.reuse(batches_stamped(stamp, machine_with_bead_at(0.0f)), 7);
  layer.reuse(batches_stamped(stamp, machine_with_bead_at(0.1f)), 7);
  layer.kept();
  CHECK_FALSE(layer.reuse(batches_stamped(stamp, machine_with_bead_at(0.2f)), 8));  // the camera moved
  layer.kept();
  DrawList moved = machine_with_bead_at(0.3f);
  moved.batch(Mesh::kBevelBox, Material::kBrass)[0].color = glm::vec4(0.5f);
  CHECK_FALSE(layer.reuse(batches_stamped(stamp, moved), 8));  // a brass part changed colour
}

TEST_CASE("only glow may be left out: a moving brass part forces full frames") {
  RevisionStamp stamp;
  StaticLayer layer;
  DrawList a = machine_with_bead_at(0.0f), b = machine_with_bead_at(0.0f);
  b.batch(Mesh::kBevelBox, Material::kBrass)[0].transform = glm::translate(glm::mat4(1.0f), {1, 0, 0});
  layer.reuse(batches_stamped(stamp, a), 1);
  CHECK_FALSE(layer.reuse(batches_stamped(stamp, b), 1));
  CHECK_FALSE(layer.worth_keeping());
  CHECK_FALSE(layer.reuse(batches_stamped(stamp, a), 1));
}

TEST_CASE("batch revisions tell batches apart by content and by count") {
  RevisionStamp stamp;
  DrawList a = machine_with_bead_at(0.0f);
  DrawList b = a;
  CHECK(batches_stamped(stamp, a) == batches_stamped(stamp, b));
  b.batch(Mesh::kBox, Material::kPaint).push_back({});
  CHECK(batches_stamped(stamp, a) != batches_stamped(stamp, b));
}

TEST_CASE("screen_rect covers a box's pixels and plays safe behind the eye") {
  const glm::mat4 proj = glm::perspective(1.0f, 2.0f, 0.1f, 100.0f);
  const glm::mat4 view = glm::lookAt(glm::vec3(0, 0, 10), glm::vec3(0), glm::vec3(0, 1, 0));
  const PixelRect centre = screen_rect({{-0.1f, -0.1f, -0.1f}, {0.1f, 0.1f, 0.1f}}, proj * view, 800, 400, 0);
  CHECK(centre.x < 400);
  CHECK(centre.x + centre.w > 400);
  CHECK(centre.y < 200);
  CHECK(centre.y + centre.h > 200);
  CHECK(centre.w < 40);
  const PixelRect behind = screen_rect({{-1, -1, 11}, {1, 1, 12}}, proj * view, 800, 400);
  CHECK(behind.w == 800);
  CHECK(behind.h == 400);
  const PixelRect off = screen_rect({{100, 0, 0}, {101, 1, 1}}, proj * view, 800, 400);
  CHECK(off.empty());
  const PixelRect u = unite({0, 0, 10, 10}, {20, 5, 10, 10});
  CHECK(u.x == 0);
  CHECK(u.w == 30);
  CHECK(u.h == 15);
  CHECK(unite({}, {1, 2, 3, 4}).w == 3);
}

// When a frame may reuse the last frame's static layer.
#include <catch2/catch.hpp>

#include <glm/gtc/matrix_transform.hpp>

#include "am/render/static_layer.hpp"

using namespace am::render;

namespace {

DrawList machine_with_bead_at(float x) {
  DrawList list;
  list.batch(Mesh::kBevelBox, Material::kBrass).push_back({glm::mat4(1.0f), glm::vec4(1), 1});
  list.batch(Mesh::kSphere, Material::kGlow).push_back({glm::translate(glm::mat4(1.0f), {x, 0, 0}), glm::vec4(1), 2});
  return list;
}

}  // namespace

TEST_CASE("a moving glow batch is left out of the layer, which is then reused") {
  StaticLayer layer;
  CHECK_FALSE(layer.reuse(hash_batches(machine_with_bead_at(0.0f)), 7));  // first frame: nothing kept
  CHECK_FALSE(layer.worth_keeping());                                    // nothing moves yet
  CHECK_FALSE(layer.reuse(hash_batches(machine_with_bead_at(0.1f)), 7));  // the bead moved
  REQUIRE(layer.worth_keeping());
  CHECK(layer.excluded()[static_cast<int>(Mesh::kSphere)][static_cast<int>(Material::kGlow)]);
  CHECK_FALSE(layer.excluded()[static_cast<int>(Mesh::kBevelBox)][static_cast<int>(Material::kBrass)]);
  layer.kept();
  CHECK(layer.reuse(hash_batches(machine_with_bead_at(0.2f)), 7));  // only the bead moved again
  CHECK(layer.reuse(hash_batches(machine_with_bead_at(0.3f)), 7));
}

TEST_CASE("the layer is redrawn when the camera (context) or a static batch changes") {
  StaticLayer layer;
  layer.reuse(hash_batches(machine_with_bead_at(0.0f)), 7);
  layer.reuse(hash_batches(machine_with_bead_at(0.1f)), 7);
  layer.kept();
  CHECK_FALSE(layer.reuse(hash_batches(machine_with_bead_at(0.2f)), 8));  // the camera moved
  layer.kept();
  DrawList moved = machine_with_bead_at(0.3f);
  moved.batch(Mesh::kBevelBox, Material::kBrass)[0].color = glm::vec4(0.5f);
  CHECK_FALSE(layer.reuse(hash_batches(moved), 8));  // a brass part changed colour
}

TEST_CASE("only glow may be left out: a moving brass part forces full frames") {
  StaticLayer layer;
  DrawList a = machine_with_bead_at(0.0f), b = machine_with_bead_at(0.0f);
  b.batch(Mesh::kBevelBox, Material::kBrass)[0].transform = glm::translate(glm::mat4(1.0f), {1, 0, 0});
  layer.reuse(hash_batches(a), 1);
  CHECK_FALSE(layer.reuse(hash_batches(b), 1));
  CHECK_FALSE(layer.worth_keeping());
  CHECK_FALSE(layer.reuse(hash_batches(a), 1));
}

TEST_CASE("batch hashes tell batches apart by content and by count") {
  DrawList a = machine_with_bead_at(0.0f);
  DrawList b = a;
  CHECK(hash_batches(a) == hash_batches(b));
  b.batch(Mesh::kBox, Material::kPaint).push_back({});
  CHECK(hash_batches(a) != hash_batches(b));
}

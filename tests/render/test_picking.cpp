// Picking: the nearest pickable instance or tube under a pixel, pure math.
#include <catch2/catch.hpp>

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "am/render/camera.hpp"
#include "am/render/level_of_detail.hpp"
#include "am/render/picking.hpp"

using namespace am::render;

namespace {

glm::mat4 box_at(glm::vec3 centre, glm::vec3 size) {
  return glm::scale(glm::translate(glm::mat4(1.0f), centre), size);
}

Ray ray_down_z(float x, float y) { return {{x, y, 10.0f}, {0.0f, 0.0f, -1.0f}}; }

}  // namespace

TEST_CASE("a ray through a box hits it at its front face") {
  const auto t = intersect_instance(ray_down_z(0.0f, 0.0f), Mesh::kBox, box_at({0, 0, 0}, {2, 2, 2}));
  REQUIRE(t.has_value());
  CHECK(*t == Approx(9.0f));
  CHECK_FALSE(intersect_instance(ray_down_z(1.2f, 0.0f), Mesh::kBox, box_at({0, 0, 0}, {2, 2, 2})).has_value());
}

TEST_CASE("rotated boxes are tested as oriented boxes, not their axis-aligned bounds") {
  // A long thin bar turned 45 degrees about Z: its AABB would cover (0.6, 0.0), the bar does not.
  const glm::mat4 bar = glm::rotate(glm::mat4(1.0f), glm::radians(45.0f), {0, 0, 1}) * box_at({0, 0, 0}, {4, 0.2f, 0.2f});
  CHECK(intersect_instance(ray_down_z(0.7f, 0.7f), Mesh::kBox, bar).has_value());
  CHECK_FALSE(intersect_instance(ray_down_z(0.7f, -0.7f), Mesh::kBox, bar).has_value());
  CHECK_FALSE(intersect_instance(ray_down_z(0.6f, 0.0f), Mesh::kBox, bar).has_value());
}

TEST_CASE("spheres are hit as ellipsoids: a box corner is a miss") {
  const glm::mat4 ball = box_at({0, 0, 0}, glm::vec3(2.0f));  // radius 1
  const auto centre = intersect_instance(ray_down_z(0.0f, 0.0f), Mesh::kSphere, ball);
  REQUIRE(centre.has_value());
  CHECK(*centre == Approx(9.0f));
  CHECK_FALSE(intersect_instance(ray_down_z(0.9f, 0.9f), Mesh::kSphere, ball).has_value());
  CHECK(intersect_instance(ray_down_z(0.9f, 0.9f), Mesh::kBox, ball).has_value());
}

TEST_CASE("needles are picked along their length from the base upwards") {
  // Needle 2 long, 0.2 wide, from the origin along +Y.
  const glm::mat4 needle = glm::scale(glm::mat4(1.0f), {0.2f, 2.0f, 0.2f});
  CHECK(intersect_instance(ray_down_z(0.0f, 1.5f), Mesh::kNeedle, needle).has_value());
  CHECK_FALSE(intersect_instance(ray_down_z(0.0f, -0.5f), Mesh::kNeedle, needle).has_value());
  CHECK_FALSE(intersect_instance(ray_down_z(0.3f, 1.0f), Mesh::kNeedle, needle).has_value());
}

TEST_CASE("a flat disc facing the ray is hit; squashed instances are skipped") {
  const glm::mat4 facing_z = glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), {1, 0, 0});
  const auto t = intersect_instance(ray_down_z(0.3f, 0.0f), Mesh::kDisc, facing_z);
  REQUIRE(t.has_value());
  CHECK(*t == Approx(10.0f).margin(1e-3));
  CHECK_FALSE(intersect_instance(ray_down_z(0.0f, 0.0f), Mesh::kBox, box_at({0, 0, 0}, {1, 0, 1})).has_value());
}

TEST_CASE("pick returns the nearest pickable thing and ignores pick id 0") {
  DrawList list;
  list.batch(Mesh::kBox, Material::kBrass).push_back({box_at({0, 0, 0}, glm::vec3(1)), glm::vec4(1), 7});
  list.batch(Mesh::kBox, Material::kGlass).push_back({box_at({0, 0, 3}, glm::vec3(1)), glm::vec4(1), 0});  // not pickable
  list.batch(Mesh::kSphere, Material::kCopper).push_back({box_at({0, 0, -3}, glm::vec3(1)), glm::vec4(1), 9});
  CHECK(pick(list, ray_down_z(0, 0)).id == 7);
  CHECK(pick(list, ray_down_z(0, 0)).distance == Approx(9.5f));
  // Seen from behind, the sphere is first.
  CHECK(pick(list, Ray{{0, 0, -10}, {0, 0, 1}}).id == 9);
  CHECK(pick(list, ray_down_z(5, 5)).id == 0);
}

TEST_CASE("tubes are picked along their polyline, with slack for thin ones") {
  DrawList list;
  SweptTube tube;
  tube.points = {{-2, 0, 0}, {0, 1, 0}, {2, 0, 0}};
  tube.radius = 0.05f;
  tube.pick = 4;
  list.tubes.push_back(tube);
  CHECK(pick(list, ray_down_z(0.0f, 1.0f)).id == 4);
  CHECK(pick(list, ray_down_z(-1.0f, 0.5f)).id == 4);
  CHECK(pick(list, ray_down_z(0.0f, 0.0f)).id == 0);
  CHECK(pick(list, ray_down_z(0.0f, 1.12f)).id == 0);
  CHECK(pick(list, ray_down_z(0.0f, 1.12f), 0.1f).id == 4);
  CHECK(pick(list, ray_down_z(0.0f, 1.0f)).distance == Approx(9.95f).margin(1e-3));
}

TEST_CASE("the ray through the centre pixel runs from the eye to the camera's target") {
  OrbitCamera cam;
  CameraPose pose;
  pose.target = {1, 2, 3};
  pose.yaw = 0.7f;
  pose.pitch = 0.4f;
  pose.distance = 6.0f;
  cam.set_pose(pose);
  const Ray r = ray_through_pixel({400, 300}, {800, 600}, cam.view(), cam.projection(800.0f / 600.0f));
  CHECK(glm::distance(r.origin, cam.eye()) < 1e-3f);
  const glm::vec3 to_target = glm::normalize(pose.target - cam.eye());
  CHECK(glm::dot(r.direction, to_target) == Approx(1.0f).margin(1e-5));
  // A pixel to the right of centre looks to the camera's right.
  const Ray right = ray_through_pixel({700, 300}, {800, 600}, cam.view(), cam.projection(800.0f / 600.0f));
  const glm::mat4 v = cam.view();
  const glm::vec3 cam_right(v[0][0], v[1][0], v[2][0]);
  CHECK(glm::dot(right.direction - r.direction, cam_right) > 0.1f);
  // And one above the centre looks up (window y grows downwards).
  const Ray up = ray_through_pixel({400, 50}, {800, 600}, cam.view(), cam.projection(800.0f / 600.0f));
  CHECK(up.direction.y > r.direction.y);
}

TEST_CASE("picking through the camera finds the instance drawn at that pixel") {
  DrawList list;
  for (int i = 0; i < 5; ++i)
    list.batch(Mesh::kBevelBox, Material::kBrass)
        .push_back({box_at({static_cast<float>(i) * 1.5f - 3.0f, 0, 0}, glm::vec3(1)), glm::vec4(1), static_cast<PickId>(i + 1)});
  OrbitCamera cam;
  cam.set_pose({{0, 0, 0}, 0.0f, 0.0f, 10.0f});
  const glm::mat4 vp = cam.projection(1.0f) * cam.view();
  for (int i = 0; i < 5; ++i) {
    // Project the box centre to a pixel, then pick at that pixel.
    const glm::vec4 clip = vp * glm::vec4(static_cast<float>(i) * 1.5f - 3.0f, 0, 0, 1);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    const glm::vec2 pixel((ndc.x * 0.5f + 0.5f) * 500.0f, (0.5f - ndc.y * 0.5f) * 500.0f);
    CHECK(pick(list, ray_through_pixel(pixel, {500, 500}, cam.view(), cam.projection(1.0f))).id == static_cast<PickId>(i + 1));
  }
}

TEST_CASE("bounds_of covers exactly the instances kept") {
  DrawList list;
  list.batch(Mesh::kBox, Material::kBrass).push_back({box_at({0, 0, 0}, glm::vec3(2)), glm::vec4(1), 1});
  list.batch(Mesh::kBox, Material::kBrass).push_back({box_at({10, 0, 0}, glm::vec3(2)), glm::vec4(1), 2});
  const auto only_first = bounds_of(list, [](PickId id) { return id == 1; });
  REQUIRE(only_first.has_value());
  CHECK(only_first->lo.x == Approx(-1.0f));
  CHECK(only_first->hi.x == Approx(1.0f));
  const auto both = bounds_of(list, [](PickId id) { return id != 0; });
  CHECK(both->hi.x == Approx(11.0f));
  CHECK_FALSE(bounds_of(list, [](PickId id) { return id == 5; }).has_value());
}

TEST_CASE("the level of detail follows the size on screen") {
  const glm::mat4 proj = glm::perspective(0.6f, 1.5f, 0.1f, 100.0f);
  const float focal = focal_length_px(proj, 720);
  CHECK(focal == Approx(360.0f / std::tan(0.3f)));
  const glm::mat4 big = glm::scale(glm::mat4(1.0f), glm::vec3(2.0f));
  const glm::vec3 near_eye(0, 0, 5), far_eye(0, 0, 500);
  CHECK(detail_for_radius(screen_radius_px(big, Mesh::kCylinder, near_eye, focal)) == Detail::kHigh);
  CHECK(detail_for_radius(screen_radius_px(big, Mesh::kCylinder, far_eye, focal)) == Detail::kTiny);
  // Strictly by pixels: each threshold switches one level.
  CHECK(detail_for_radius(100.0f) == Detail::kHigh);
  CHECK(detail_for_radius(20.0f) == Detail::kMedium);
  CHECK(detail_for_radius(9.0f) == Detail::kLow);
  CHECK(detail_for_radius(2.0f) == Detail::kTiny);
  // A long thin cylinder is as round as it is thick, not as long.
  const glm::mat4 rod = glm::scale(glm::mat4(1.0f), {0.1f, 10.0f, 0.1f});
  CHECK(curvature_radius(rod, Mesh::kCylinder) == Approx(0.05f));
  CHECK(curvature_radius(rod, Mesh::kSphere) == Approx(5.0f));
  // Distances are measured from the instance's middle (a needle's is halfway up).
  CHECK(screen_radius_px(rod, Mesh::kNeedle, {0, 5, 20}, focal) > screen_radius_px(rod, Mesh::kNeedle, {0, -20, 20}, focal));
}

namespace {

// A box 4 high on the y axis in 4 stripes that fill half their length: stripe j spans
// y from -2 + j to -1 + j, painted from -1.75 + j to -1.25 + j.
DrawList striped_box() {
  DrawList list;
  Instance rod{box_at({0, 0, 0}, {1, 4, 1}), glm::vec4(1), 20};
  rod.stripe_first = 2;
  rod.stripe_count = 4;
  list.stripe_colors = {glm::vec4(0), glm::vec4(0), {1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}};
  list.stripe_fill = 0.5f;
  list.batch(Mesh::kBox, Material::kPaint).push_back(rod);
  return list;
}

}  // namespace

TEST_CASE("a stripe is an instance of its own: its share of the length, colour and pick id") {
  const DrawList list = striped_box();
  const Instance& rod = list.batch(Mesh::kBox, Material::kPaint)[0];
  const Instance s1 = stripe_instance(list, rod, 1);
  CHECK(s1.transform[3].y == Approx(-0.5f));        // -2 + 1.5
  CHECK(glm::length(glm::vec3(s1.transform[1])) == Approx(0.5f));  // 1 stripe x fill 0.5
  CHECK(glm::length(glm::vec3(s1.transform[0])) == Approx(1.0f));  // across: unchanged
  CHECK(s1.color == glm::vec4(0, 1, 0, 1));        // stripe_colors[2 + 1]
  CHECK(s1.pick == 21u);
  int calls = 0;
  for_each_drawn_part(list, rod, [&](const Instance& part) { CHECK(part.pick == 20u + static_cast<PickId>(calls++)); });
  CHECK(calls == 4);
  Instance plain{box_at({0, 0, 0}, glm::vec3(1)), glm::vec4(1), 7};
  for_each_drawn_part(list, plain, [&](const Instance& part) { CHECK(part.pick == 7u); });
}

TEST_CASE("a striped instance is picked stripe by stripe, and not in the open part between two") {
  const DrawList list = striped_box();
  CHECK(pick(list, ray_down_z(0.0f, -1.5f)).id == 20u);  // stripe 0's middle
  CHECK(pick(list, ray_down_z(0.0f, 1.4f)).id == 23u);   // stripe 3 (1.25 to 1.75 painted)
  CHECK(pick(list, ray_down_z(0.0f, 1.9f)).id == 0u);    // the open end of stripe 3
  CHECK(pick(list, ray_down_z(0.0f, 0.0f)).id == 0u);    // between stripes 1 and 2
  const auto second = bounds_of(list, [](PickId id) { return id == 21; });
  REQUIRE(second.has_value());
  CHECK(second->lo.y == Approx(-0.75f));
  CHECK(second->hi.y == Approx(-0.25f));
}

// The orbit camera: gestures, limits and glides.
#include <catch2/catch.hpp>

#include <cmath>

#include "am/render/camera.hpp"

using namespace am::render;

TEST_CASE("the eye sits at distance from the target, in front at yaw 0") {
  OrbitCamera cam;
  cam.set_pose({{1, 0, 0}, 0.0f, 0.0f, 5.0f});
  CHECK(cam.eye().x == Approx(1.0f));
  CHECK(cam.eye().z == Approx(5.0f));
  cam.set_pose({{0, 0, 0}, 0.3f, 0.5f, 7.0f});
  CHECK(glm::length(cam.eye()) == Approx(7.0f));
  CHECK(cam.eye().y == Approx(7.0f * std::sin(0.5f)));
}

TEST_CASE("orbit keeps the distance and clamps the pitch short of the poles") {
  OrbitCamera cam;
  cam.set_pose({{0, 0, 0}, 0.0f, 0.2f, 4.0f});
  cam.orbit(100.0f, 0.0f);
  CHECK(cam.pose().yaw < 0.0f);
  CHECK(glm::length(cam.eye()) == Approx(4.0f));
  cam.orbit(0.0f, 100000.0f);
  CHECK(cam.pose().pitch < 1.5f);
  CHECK(cam.pose().pitch > 1.4f);
}

TEST_CASE("zoom multiplies the distance and respects its limits") {
  OrbitCamera cam;
  cam.set_pose({{0, 0, 0}, 0.0f, 0.0f, 10.0f});
  cam.zoom(1.0f);
  CHECK(cam.pose().distance < 10.0f);
  cam.zoom(-2.0f);
  CHECK(cam.pose().distance > 10.0f);
  cam.zoom(1000.0f);
  CHECK(cam.pose().distance == Approx(cam.min_distance));
}

TEST_CASE("pan moves the target across the view, not along it") {
  OrbitCamera cam;
  cam.set_pose({{0, 0, 0}, 0.0f, 0.0f, 10.0f});
  cam.pan(-100.0f, 0.0f, 800.0f);  // drag left: the target moves right
  CHECK(cam.pose().target.x > 0.0f);
  CHECK(cam.pose().target.z == Approx(0.0f).margin(1e-5));
  const float moved = cam.pose().target.x;
  cam.pan(0.0f, 100.0f, 800.0f);  // drag down: the target moves up
  CHECK(cam.pose().target.y > 0.0f);
  CHECK(cam.pose().target.x == Approx(moved));
}

TEST_CASE("a glide eases from one pose to the next, the short way round") {
  OrbitCamera cam;
  cam.set_pose({{0, 0, 0}, 3.0f, 0.2f, 5.0f});
  CameraPose to{{4, 0, 0}, -3.0f, 0.4f, 10.0f};  // yaw -3 is 0.28 rad away, through pi
  cam.request_pose(to, 1.0f);
  REQUIRE(cam.gliding());
  CHECK(cam.update(0.5f));
  // Half way in time is half way along the eased path (symmetric easing).
  CHECK(cam.pose().target.x == Approx(2.0f));
  CHECK(std::abs(std::remainder(cam.pose().yaw - 3.0f, 6.2831853f)) < 0.2f);
  CHECK(cam.pose().distance == Approx(std::sqrt(50.0f)).epsilon(1e-4));
  cam.update(0.6f);
  CHECK_FALSE(cam.gliding());
  CHECK(cam.pose().target.x == Approx(4.0f));
  CHECK(cam.pose().distance == Approx(10.0f));
  CHECK_FALSE(cam.update(0.1f));
}

TEST_CASE("a gesture cancels a glide") {
  OrbitCamera cam;
  cam.request_pose({{4, 0, 0}, 0.0f, 0.2f, 5.0f}, 1.0f);
  cam.update(0.1f);
  cam.orbit(5.0f, 0.0f);
  CHECK_FALSE(cam.gliding());
}

TEST_CASE("frame_box fits the box's sphere in the view") {
  const CameraPose p = frame_box({-2, -1, -1}, {2, 1, 1}, 0.0f, 0.0f, 0.6f, 1.5f);
  CHECK(p.target.x == Approx(0.0f));
  const float radius = std::sqrt(4.0f + 1.0f + 1.0f);
  CHECK(p.distance == Approx(radius / std::sin(0.3f)));
}

TEST_CASE("distance_to_fit_width puts the width's ends at the view's edges") {
  const float fov = 0.6f, aspect = 1.6f;
  const float d = distance_to_fit_width(10.0f, fov, aspect);
  OrbitCamera cam;
  cam.set_pose({{0, 0, 0}, 0.0f, 0.0f, d});
  const glm::vec4 edge = cam.projection(aspect) * cam.view() * glm::vec4(5.0f, 0.0f, 0.0f, 1.0f);
  CHECK(edge.x / edge.w == Approx(1.0f).epsilon(1e-4));
  CHECK(distance_to_fit_width(10.0f, fov, 0.8f) == Approx(2.0f * d));
}

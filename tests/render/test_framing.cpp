// The framing solver against answers worked out by hand.
#include <catch2/catch.hpp>

#include <cmath>

#include "am/render/framing.hpp"

using namespace am::render;

namespace {
NdcRect through_camera(const Framing& f, const FramingRequest& q) {
  OrbitCamera cam;
  cam.fov_y = q.fov_y;
  cam.set_pose(f.pose);
  return project_box(q.lo, q.hi, cam.projection(q.aspect) * cam.view());
}
}  // namespace

TEST_CASE("framing: a cube seen face on at 90 degrees stands at the distance worked out by hand") {
  // Side 2 at the origin, seen along -Z: the front face (z = 1) is nearest, its corners at
  // x = ±1. With tan(45°) = 1 they touch the edge when depth = d - 1 = 1, so d = 2.
  FramingRequest q;
  q.lo = {-1, -1, -1};
  q.hi = {1, 1, 1};
  q.yaw = 0.0f;
  q.pitch = 0.0f;
  q.fov_y = 1.5707963f;
  q.aspect = 1.0f;
  q.margin = 0.0f;
  const Framing f = solve_framing(q);
  CHECK(f.pose.distance == Approx(2.0f).epsilon(1e-3));
  CHECK(f.pose.target.x == Approx(0.0f).margin(1e-4));
  CHECK(f.rect.width() == Approx(2.0f).epsilon(1e-3));
  CHECK(f.rect.height() == Approx(2.0f).epsilon(1e-3));

  // A margin of 0.2 leaves the face at 0.8 of each half: 1 / (d - 1) = 0.8, d = 2.25.
  q.margin = 0.2f;
  CHECK(solve_framing(q).pose.distance == Approx(2.25f).epsilon(1e-3));
}

TEST_CASE("framing: a wide box in a tall view fills the width and a tall box in a wide view the height") {
  FramingRequest q;
  q.lo = {-4, -0.5f, -0.5f};
  q.hi = {4, 0.5f, 0.5f};
  q.pitch = 0.0f;
  q.fov_y = 0.8f;
  q.aspect = 0.75f;
  q.margin = 0.1f;
  Framing f = solve_framing(q);
  CHECK(f.rect.width() == Approx(1.8f).epsilon(1e-3));  // (1 - margin) of each half
  CHECK(f.rect.height() < 0.5f);
  q.lo = {-0.5f, -4, -0.5f};
  q.hi = {0.5f, 4, 0.5f};
  q.aspect = 2.0f;
  f = solve_framing(q);
  CHECK(f.rect.height() == Approx(1.8f).epsilon(1e-3));
  CHECK(f.rect.width() < 0.5f);
}

TEST_CASE("framing: an off-centre box seen from above at an angle is centred and fills half the view or more") {
  FramingRequest q;
  q.lo = {3, 0, -12};
  q.hi = {9, 2, -7};
  q.yaw = -0.6f;
  q.pitch = 0.7f;
  q.fov_y = 0.6f;
  q.margin = 0.14f;
  for (float aspect : {1024.0f / 640.0f, 1280.0f / 720.0f, 0.6f, 2.4f}) {
    q.aspect = aspect;
    const Framing f = solve_framing(q);
    const NdcRect r = through_camera(f, q);  // the real camera agrees with the solver
    CHECK(r.x0 == Approx(f.rect.x0).margin(1e-3));
    CHECK(r.y1 == Approx(f.rect.y1).margin(1e-3));
    CHECK(r.x0 >= -0.861f);
    CHECK(r.x1 <= 0.861f);
    CHECK(r.y0 >= -0.861f);
    CHECK(r.y1 <= 0.861f);
    CHECK(0.5f * (r.x0 + r.x1) == Approx(0.0f).margin(2e-3));
    CHECK(0.5f * (r.y0 + r.y1) == Approx(0.0f).margin(2e-3));
    CHECK(std::max(r.width(), r.height()) == Approx(2.0f * 0.86f).epsilon(2e-3));
  }
}

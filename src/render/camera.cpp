#include "am/render/camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace am::render {
namespace {

constexpr float kMaxPitch = 1.45f;           // just short of straight down/up: the view matrix needs a horizon
constexpr float kOrbitRadiansPerPixel = 0.006f;
constexpr float kZoomPerStep = 0.88f;

float smootherstep(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x * x * x * (x * (x * 6.0f - 15.0f) + 10.0f);
}

// a + t (b - a) for angles, the short way round.
float lerp_angle(float a, float b, float t) {
  const float two_pi = glm::two_pi<float>();
  float d = std::fmod(b - a, two_pi);
  if (d > glm::pi<float>()) d -= two_pi;
  if (d < -glm::pi<float>()) d += two_pi;
  return a + d * t;
}

}  // namespace

CameraPose OrbitCamera::clamp(CameraPose p) const {
  p.pitch = std::clamp(p.pitch, -kMaxPitch, kMaxPitch);
  p.distance = std::clamp(p.distance, min_distance, max_distance);
  return p;
}

void OrbitCamera::set_pose(const CameraPose& pose) {
  pose_ = clamp(pose);
  glide_time_ = glide_duration_ = 0.0f;
}

void OrbitCamera::request_pose(const CameraPose& pose, float seconds) {
  if (seconds <= 0.0f) {
    set_pose(pose);
    return;
  }
  from_ = pose_;
  to_ = clamp(pose);
  glide_time_ = 0.0f;
  glide_duration_ = seconds;
}

void OrbitCamera::orbit(float dx_px, float dy_px) {
  glide_time_ = glide_duration_ = 0.0f;
  pose_.yaw -= dx_px * kOrbitRadiansPerPixel;
  pose_.pitch += dy_px * kOrbitRadiansPerPixel;
  pose_ = clamp(pose_);
}

void OrbitCamera::pan(float dx_px, float dy_px, float viewport_height_px) {
  glide_time_ = glide_duration_ = 0.0f;
  if (viewport_height_px <= 0.0f) return;
  // One pixel moves the target by one pixel's worth of world at the target's depth.
  const float world_per_px = 2.0f * pose_.distance * std::tan(0.5f * fov_y) / viewport_height_px;
  const glm::mat4 v = view();
  const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::vec3 up(v[0][1], v[1][1], v[2][1]);
  pose_.target += (-dx_px * right + dy_px * up) * world_per_px;
}

void OrbitCamera::zoom(float wheel_steps) {
  glide_time_ = glide_duration_ = 0.0f;
  pose_.distance *= std::pow(kZoomPerStep, wheel_steps);
  pose_ = clamp(pose_);
}

bool OrbitCamera::update(float dt_seconds) {
  if (!gliding()) return false;
  glide_time_ = std::min(glide_time_ + std::max(dt_seconds, 0.0f), glide_duration_);
  const float t = smootherstep(glide_time_ / glide_duration_);
  pose_.target = glm::mix(from_.target, to_.target, t);
  pose_.yaw = lerp_angle(from_.yaw, to_.yaw, t);
  pose_.pitch = from_.pitch + (to_.pitch - from_.pitch) * t;
  // Distance glides geometrically so zooming far out and back feels even.
  pose_.distance = from_.distance * std::pow(to_.distance / from_.distance, t);
  if (!gliding()) pose_ = to_;
  return true;
}

glm::vec3 OrbitCamera::eye() const {
  const float cp = std::cos(pose_.pitch);
  const glm::vec3 back(std::sin(pose_.yaw) * cp, std::sin(pose_.pitch), std::cos(pose_.yaw) * cp);
  return pose_.target + pose_.distance * back;
}

glm::mat4 OrbitCamera::view() const { return glm::lookAt(eye(), pose_.target, glm::vec3(0, 1, 0)); }

glm::mat4 OrbitCamera::projection(float aspect) const {
  // Near and far follow the distance so depth precision stays where the machine is.
  const float near_plane = std::max(0.02f, pose_.distance * 0.02f);
  const float far_plane = pose_.distance * 20.0f + 50.0f;
  return glm::perspective(fov_y, std::max(aspect, 1e-3f), near_plane, far_plane);
}

float distance_to_fit_width(float width, float fov_y, float aspect) {
  const float half_tan_across = std::tan(0.5f * fov_y) * std::max(aspect, 1e-3f);
  return 0.5f * width / half_tan_across;
}

CameraPose frame_box(const glm::vec3& lo, const glm::vec3& hi, float yaw, float pitch, float fov_y, float aspect) {
  CameraPose p;
  p.target = 0.5f * (lo + hi);
  p.yaw = yaw;
  p.pitch = pitch;
  const float radius = std::max(0.5f * glm::length(hi - lo), 0.05f);
  // The sphere around the box must fit the narrower of the two fields of view.
  const float half_fov = 0.5f * std::min(fov_y, 2.0f * std::atan(std::tan(0.5f * fov_y) * std::max(aspect, 1e-3f)));
  p.distance = radius / std::sin(half_fov);
  return p;
}

}  // namespace am::render

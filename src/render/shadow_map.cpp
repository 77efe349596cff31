#include "shadow_map.hpp"

#include <algorithm>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

namespace am::render {

Status ShadowMap::create(int size) {
  depth_ = make_texture();
  glBindTexture(GL_TEXTURE_2D, depth_.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, size, size, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  glBindTexture(GL_TEXTURE_2D, 0);
  fbo_ = make_framebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth_.id(), 0);
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) return fail("the driver rejected the shadow map framebuffer");
  size_ = size;
  return Ok{};
}

void ShadowMap::begin() const {
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_.id());
  glViewport(0, 0, size_, size_);
  glClear(GL_DEPTH_BUFFER_BIT);
}

glm::mat4 light_view_projection(const glm::vec3& light_dir, const Aabb& box) {
  const glm::vec3 centre = 0.5f * (box.lo + box.hi);
  const float radius = std::max(0.5f * glm::length(box.hi - box.lo), 0.1f);
  const glm::vec3 dir = glm::normalize(light_dir);
  const glm::vec3 up = std::abs(dir.y) > 0.95f ? glm::vec3(0, 0, 1) : glm::vec3(0, 1, 0);
  const glm::mat4 view = glm::lookAt(centre + dir * (radius * 2.0f), centre, up);
  // Fit the box's corners in light space tightly (a sphere would waste resolution).
  glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
  for (int c = 0; c < 8; ++c) {
    const glm::vec3 p((c & 1) ? box.hi.x : box.lo.x, (c & 2) ? box.hi.y : box.lo.y, (c & 4) ? box.hi.z : box.lo.z);
    const glm::vec3 l(view * glm::vec4(p, 1.0f));
    lo = glm::min(lo, l);
    hi = glm::max(hi, l);
  }
  const float pad = 0.02f * radius;
  const glm::mat4 proj = glm::ortho(lo.x - pad, hi.x + pad, lo.y - pad, hi.y + pad, -hi.z - pad, -lo.z + pad);
  return proj * view;
}

}  // namespace am::render

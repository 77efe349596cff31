#include "shadow_map.hpp"

#include <algorithm>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

#include "am/render/shader_program.hpp"

namespace am::render {
namespace {

GlTexture float_texture(int size, GLenum min_filter) {
  GlTexture t = make_texture();
  glBindTexture(GL_TEXTURE_2D, t.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, size, size, 0, GL_RED, GL_FLOAT, nullptr);
  set_bound_texture_sampling(static_cast<GLint>(min_filter),
                             min_filter == GL_NEAREST ? GL_NEAREST : GL_LINEAR);
  glBindTexture(GL_TEXTURE_2D, 0);
  return t;
}

GLenum attach_color(GlFramebuffer& fbo, const GlTexture& tex) {
  fbo = make_framebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, fbo.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex.id(), 0);
  return glCheckFramebufferStatus(GL_FRAMEBUFFER);
}

}  // namespace

Status ShadowMap::create(int depth_size) {
  depth_ = make_texture();
  glBindTexture(GL_TEXTURE_2D, depth_.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, depth_size, depth_size, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT,
               nullptr);
  set_bound_texture_sampling(GL_NEAREST, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  depth_fbo_ = make_framebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, depth_fbo_.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth_.id(), 0);
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;

  const int half = std::max(depth_size / 2, 1);
  half_ = float_texture(half, GL_NEAREST);
  blurred_ = float_texture(half, GL_LINEAR);
  complete = complete && attach_color(half_fbo_, half_) == GL_FRAMEBUFFER_COMPLETE;
  complete = complete && attach_color(blurred_fbo_, blurred_) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (!complete) return fail("the driver rejected the shadow map framebuffers");
  size_ = depth_size;
  return Ok{};
}

void ShadowMap::begin_depth() const {
  glBindFramebuffer(GL_FRAMEBUFFER, depth_fbo_.id());
  glViewport(0, 0, size_, size_);
  glDepthMask(GL_TRUE);
  glClear(GL_DEPTH_BUFFER_BIT);
}

void ShadowMap::blur(ShaderProgram& program) const {
  const int half = size_ / 2;
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);
  glViewport(0, 0, half, half);
  program.use();
  glActiveTexture(GL_TEXTURE0);
  // Across, from the full-size depth (half-size output), then down.
  glBindFramebuffer(GL_FRAMEBUFFER, half_fbo_.id());
  glBindTexture(GL_TEXTURE_2D, depth_.id());
  program.set("u_step", glm::vec2(1.0f / static_cast<float>(size_), 0.0f));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindFramebuffer(GL_FRAMEBUFFER, blurred_fbo_.id());
  glBindTexture(GL_TEXTURE_2D, half_.id());
  program.set("u_step", glm::vec2(0.0f, 1.0f / static_cast<float>(half)));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindTexture(GL_TEXTURE_2D, 0);
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
  const float pad = 0.04f * radius;
  const glm::mat4 proj = glm::ortho(lo.x - pad, hi.x + pad, lo.y - pad, hi.y + pad, -hi.z - pad, -lo.z + pad);
  return proj * view;
}

}  // namespace am::render

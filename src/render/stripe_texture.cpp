#include "stripe_texture.hpp"

#include "stream_buffer.hpp"

namespace am::render {

void StripeTexture::create() {
  buffer_ = make_buffer();
  texture_ = make_texture();
  update({glm::vec4(1.0f)});
}

void StripeTexture::update(const std::vector<glm::vec4>& colors) {
  if (colors.empty()) return;  // keep what there is: nothing striped reads it
  glBindBuffer(GL_TEXTURE_BUFFER, buffer_.id());
  const bool grew = reserve_stream_buffer(GL_TEXTURE_BUFFER, capacity_, colors.size(), sizeof(glm::vec4));
  glBufferSubData(GL_TEXTURE_BUFFER, 0, static_cast<GLsizeiptr>(colors.size() * sizeof(glm::vec4)),
                  colors.data());
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  if (grew) {
    // The texture views the buffer's store, which growing replaced.
    glBindTexture(GL_TEXTURE_BUFFER, texture_.id());
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, buffer_.id());
    glBindTexture(GL_TEXTURE_BUFFER, 0);
  }
}

void StripeTexture::bind(GLint unit) const {
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
  glBindTexture(GL_TEXTURE_BUFFER, texture_.id());
}

}  // namespace am::render

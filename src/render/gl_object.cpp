#include "am/render/gl_object.hpp"

namespace am::render {

GlBuffer make_buffer() {
  GLuint id = 0;
  glGenBuffers(1, &id);
  return GlBuffer(id);
}

GlVertexArray make_vertex_array() {
  GLuint id = 0;
  glGenVertexArrays(1, &id);
  return GlVertexArray(id);
}

GlTexture make_texture() {
  GLuint id = 0;
  glGenTextures(1, &id);
  return GlTexture(id);
}

GlFramebuffer make_framebuffer() {
  GLuint id = 0;
  glGenFramebuffers(1, &id);
  return GlFramebuffer(id);
}

GlRenderbuffer make_renderbuffer() {
  GLuint id = 0;
  glGenRenderbuffers(1, &id);
  return GlRenderbuffer(id);
}

}  // namespace am::render

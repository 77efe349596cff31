#include "am/render/gl_object.hpp"

namespace am::render {

namespace {

// Every kind is made the same way: one fresh name from its glGen* call, handed to the
// owner that deletes it.
template <typename Object, typename Generate>
Object generate_one(Generate gen) {
  GLuint id = 0;
  gen(1, &id);
  return Object(id);
}

}  // namespace

GlBuffer make_buffer() { return generate_one<GlBuffer>(glGenBuffers); }

GlVertexArray make_vertex_array() { return generate_one<GlVertexArray>(glGenVertexArrays); }

GlTexture make_texture() { return generate_one<GlTexture>(glGenTextures); }

GlFramebuffer make_framebuffer() { return generate_one<GlFramebuffer>(glGenFramebuffers); }

GlRenderbuffer make_renderbuffer() { return generate_one<GlRenderbuffer>(glGenRenderbuffers); }

void set_bound_texture_sampling(GLint min_filter, GLint mag_filter) {
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, min_filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, mag_filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

void make_bound_vertex_array(GlVertexArray& vao, GlBuffer& vertices, GlBuffer& indices) {
  vao = make_vertex_array();
  vertices = make_buffer();
  indices = make_buffer();
  glBindVertexArray(vao.id());
  glBindBuffer(GL_ARRAY_BUFFER, vertices.id());
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices.id());
}

void float_attribute(GLuint location, GLint size, GLsizei stride, std::size_t offset) {
  glEnableVertexAttribArray(location);
  glVertexAttribPointer(location, size, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offset));
}

}  // namespace am::render

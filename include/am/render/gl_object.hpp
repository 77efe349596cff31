// Move-only owners of OpenGL objects. Create them after the context exists and
// destroy them before it goes: a copy would delete the same GL name twice.
#pragma once

#include <glad/gl.h>

#include <cstddef>
#include <utility>

namespace am::render {

template <typename Deleter>
class GlObject {
 public:
  GlObject() = default;
  explicit GlObject(GLuint id) : id_(id) {}
  ~GlObject() { reset(); }
  GlObject(const GlObject&) = delete;
  GlObject& operator=(const GlObject&) = delete;
  GlObject(GlObject&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
  GlObject& operator=(GlObject&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, 0);
    }
    return *this;
  }

  GLuint id() const { return id_; }
  explicit operator bool() const { return id_ != 0; }
  void reset() {
    if (id_ != 0) Deleter::destroy(id_);
    id_ = 0;
  }

 private:
  GLuint id_ = 0;
};

namespace gl_deleters {
struct Buffer { static void destroy(GLuint id) { glDeleteBuffers(1, &id); } };
struct VertexArray { static void destroy(GLuint id) { glDeleteVertexArrays(1, &id); } };
struct Texture { static void destroy(GLuint id) { glDeleteTextures(1, &id); } };
struct Framebuffer { static void destroy(GLuint id) { glDeleteFramebuffers(1, &id); } };
struct Renderbuffer { static void destroy(GLuint id) { glDeleteRenderbuffers(1, &id); } };
struct Shader { static void destroy(GLuint id) { glDeleteShader(id); } };
struct Program { static void destroy(GLuint id) { glDeleteProgram(id); } };
}  // namespace gl_deleters

using GlBuffer = GlObject<gl_deleters::Buffer>;
using GlVertexArray = GlObject<gl_deleters::VertexArray>;
using GlTexture = GlObject<gl_deleters::Texture>;
using GlFramebuffer = GlObject<gl_deleters::Framebuffer>;
using GlRenderbuffer = GlObject<gl_deleters::Renderbuffer>;
using GlShader = GlObject<gl_deleters::Shader>;
using GlProgram = GlObject<gl_deleters::Program>;

// Fresh names (the glGen* call of each kind).
GlBuffer make_buffer();
GlVertexArray make_vertex_array();
GlTexture make_texture();
GlFramebuffer make_framebuffer();
GlRenderbuffer make_renderbuffer();

// What every texture and vertex array here is set up with, said once:
// the bound GL_TEXTURE_2D's filters, clamped at its edges (no texture here repeats);
void set_bound_texture_sampling(GLint min_filter, GLint mag_filter);
// a fresh vertex array with fresh vertex and index buffers, all three left bound so
// that the attribute pointers which follow land in it;
void make_bound_vertex_array(GlVertexArray& vao, GlBuffer& vertices, GlBuffer& indices);
// and a float attribute of `size` components at byte `offset` of each `stride`-byte
// vertex in the bound GL_ARRAY_BUFFER, enabled.
void float_attribute(GLuint location, GLint size, GLsizei stride, std::size_t offset);

}  // namespace am::render

#include "gl_check.hpp"

#include <glad/gl.h>

namespace am::render {
namespace {

const char* error_name(GLenum e) {
  switch (e) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    default: return "unknown GL error";
  }
}

}  // namespace

Status check_gl(const std::string& where) {
  std::string errors;
  // A lost context can report errors forever; stop after a handful.
  for (int i = 0; i < 16; ++i) {
    const GLenum e = glGetError();
    if (e == GL_NO_ERROR) break;
    errors += (errors.empty() ? "" : ", ") + std::string(error_name(e));
  }
  if (errors.empty()) return Ok{};
  return fail("OpenGL error in " + where + ": " + errors);
}

}  // namespace am::render

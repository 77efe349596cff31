// A linked GLSL program built from files in shaders/, with uniform setters.
// Compile and link errors come back with the file name and line.
#pragma once

#include <filesystem>
#include <string>
#include <unordered_map>

#include <glm/glm.hpp>

#include "am/core/result.hpp"
#include "am/render/gl_object.hpp"

namespace am::render {

class ShaderProgram {
 public:
  static Result<ShaderProgram> load(const std::filesystem::path& dir, const std::string& vertex_file,
                                    const std::string& fragment_file);

  void use() const { glUseProgram(program_.id()); }
  GLuint id() const { return program_.id(); }

  // Setters act on the program in use (call use() first); unknown names are ignored.
  void set(const char* name, int v);
  void set(const char* name, unsigned v);
  void set(const char* name, float v);
  void set(const char* name, const glm::vec2& v);
  void set(const char* name, const glm::vec3& v);
  void set(const char* name, const glm::vec4& v);
  void set(const char* name, const glm::mat4& v);
  // Binds a uniform block to a binding point.
  void bind_block(const char* name, GLuint binding);

 private:
  GLint location(const char* name);
  GlProgram program_;
  std::unordered_map<std::string, GLint> locations_;
};

}  // namespace am::render

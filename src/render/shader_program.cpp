#include "am/render/shader_program.hpp"

#include <algorithm>
#include <vector>

#include <glm/gtc/type_ptr.hpp>

#include "am/render/shader_source.hpp"

namespace am::render {
namespace {

std::string shader_log(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(std::max(length, 1)));
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  return log.data();
}

std::string program_log(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(std::max(length, 1)));
  glGetProgramInfoLog(program, length, nullptr, log.data());
  return log.data();
}

Result<GlShader> compile(const std::filesystem::path& dir, const std::string& file, GLenum stage) {
  auto source = load_shader_source(dir, file);
  if (!source) return fail(source.error());
  GlShader shader(glCreateShader(stage));
  const char* text = source->text.c_str();
  glShaderSource(shader.id(), 1, &text, nullptr);
  glCompileShader(shader.id());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE)
    return fail("shader " + file + " (in " + dir.string() + ") did not compile:\n" +
                annotate_shader_log(shader_log(shader.id()), source->files));
  return shader;
}

}  // namespace

Result<ShaderProgram> ShaderProgram::load(const std::filesystem::path& dir, const std::string& vertex_file,
                                          const std::string& fragment_file) {
  auto vs = compile(dir, vertex_file, GL_VERTEX_SHADER);
  if (!vs) return fail(vs.error());
  auto fs = compile(dir, fragment_file, GL_FRAGMENT_SHADER);
  if (!fs) return fail(fs.error());
  ShaderProgram out;
  out.program_ = GlProgram(glCreateProgram());
  glAttachShader(out.program_.id(), vs->id());
  glAttachShader(out.program_.id(), fs->id());
  glLinkProgram(out.program_.id());
  GLint ok = GL_FALSE;
  glGetProgramiv(out.program_.id(), GL_LINK_STATUS, &ok);
  glDetachShader(out.program_.id(), vs->id());
  glDetachShader(out.program_.id(), fs->id());
  if (ok != GL_TRUE)
    return fail("shaders " + vertex_file + " + " + fragment_file + " did not link:\n" + program_log(out.program_.id()));
  return out;
}

GLint ShaderProgram::location(const char* name) {
  auto it = locations_.find(name);
  if (it != locations_.end()) return it->second;
  const GLint loc = glGetUniformLocation(program_.id(), name);
  locations_.emplace(name, loc);
  return loc;
}

void ShaderProgram::set(const char* name, int v) { glUniform1i(location(name), v); }
void ShaderProgram::set(const char* name, unsigned v) { glUniform1ui(location(name), v); }
void ShaderProgram::set(const char* name, float v) { glUniform1f(location(name), v); }
void ShaderProgram::set(const char* name, const glm::vec2& v) { glUniform2fv(location(name), 1, glm::value_ptr(v)); }
void ShaderProgram::set(const char* name, const glm::vec3& v) { glUniform3fv(location(name), 1, glm::value_ptr(v)); }
void ShaderProgram::set(const char* name, const glm::vec4& v) { glUniform4fv(location(name), 1, glm::value_ptr(v)); }
void ShaderProgram::set(const char* name, const glm::mat4& v) {
  glUniformMatrix4fv(location(name), 1, GL_FALSE, glm::value_ptr(v));
}

void ShaderProgram::bind_block(const char* name, GLuint binding) {
  const GLuint index = glGetUniformBlockIndex(program_.id(), name);
  if (index != GL_INVALID_INDEX) glUniformBlockBinding(program_.id(), index, binding);
}

}  // namespace am::render

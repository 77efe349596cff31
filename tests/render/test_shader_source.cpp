// Shader files: includes pasted with #line markers, driver logs mapped back to files.
#include <unistd.h>  // getpid: one scratch folder per process under ctest -j

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "am/render/shader_source.hpp"

using namespace am::render;

namespace {

std::filesystem::path temp_dir() {
  const auto dir = std::filesystem::temp_directory_path() / ("am_test_shader_source_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

void write(const std::filesystem::path& p, const std::string& text) { std::ofstream(p) << text; }

}  // namespace

TEST_CASE("includes are pasted in place and #line keeps file numbers") {
  const auto dir = temp_dir();
  write(dir / "lib.glsl", "float f() { return 1.0; }\n");
  write(dir / "main.frag", "#version 330 core\n#include \"lib.glsl\"\nout vec4 c;\nvoid main() { c = vec4(f()); }\n");
  auto src = load_shader_source(dir, "main.frag");
  REQUIRE(src.ok());
  REQUIRE(src->files.size() == 2);
  CHECK(src->files[0] == "main.frag");
  CHECK(src->files[1] == "lib.glsl");
  CHECK(src->text.rfind("#version 330 core\n#line 2 0\n", 0) == 0);
  CHECK(src->text.find("#line 1 1\nfloat f()") != std::string::npos);
  CHECK(src->text.find("#line 3 0\nout vec4 c;") != std::string::npos);
}

TEST_CASE("a missing include or a missing #version is reported with file and line") {
  const auto dir = temp_dir();
  write(dir / "bad_include.frag", "#version 330 core\n\n#include \"nope.glsl\"\n");
  auto a = load_shader_source(dir, "bad_include.frag");
  REQUIRE_FALSE(a.ok());
  CHECK(a.error().find("bad_include.frag:3") != std::string::npos);
  CHECK(a.error().find("nope.glsl") != std::string::npos);
  write(dir / "no_version.frag", "void main() {}\n");
  auto b = load_shader_source(dir, "no_version.frag");
  REQUIRE_FALSE(b.ok());
  CHECK(b.error().find("#version") != std::string::npos);
}

TEST_CASE("include cycles stop with an error") {
  const auto dir = temp_dir();
  write(dir / "loop.glsl", "#include \"loop.glsl\"\n");
  write(dir / "cycle.frag", "#version 330 core\n#include \"loop.glsl\"\n");
  CHECK_FALSE(load_shader_source(dir, "cycle.frag").ok());
}

TEST_CASE("driver logs name the file and line") {
  const std::vector<std::string> files = {"surface.frag", "brdf.glsl"};
  CHECK(annotate_shader_log("0:12(5): error: `x' undeclared\n", files) == "surface.frag:12: error: `x' undeclared\n");
  CHECK(annotate_shader_log("1(7) : error C0000: syntax error", files) == "brdf.glsl:7 : error C0000: syntax error\n");
  CHECK(annotate_shader_log("ERROR: 1:3: bad", files) == "ERROR: brdf.glsl:3: bad\n");
  CHECK(annotate_shader_log("warning without place", files) == "warning without place\n");
}

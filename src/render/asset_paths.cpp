#include "am/render/asset_paths.hpp"

#include <cstdlib>
#include <system_error>

namespace am::render {
namespace {

// A file every complete shaders/ folder has.
constexpr const char* kShaderMarker = "surface.frag";

std::optional<std::filesystem::path> executable_dir() {
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return std::nullopt;
  return exe.parent_path();
}

bool has_shaders(const std::filesystem::path& dir) {
  std::error_code ec;
  return std::filesystem::is_regular_file(dir / kShaderMarker, ec);
}

}  // namespace

Result<std::filesystem::path> find_shader_dir() {
  std::vector<std::filesystem::path> tried;
  if (const char* env = std::getenv("AM_SHADERS_DIR"); env != nullptr && *env != '\0') tried.emplace_back(env);
  if (auto dir = executable_dir()) {
    tried.push_back(*dir / "shaders");
    tried.push_back(*dir / ".." / "share" / "attention-machine" / "shaders");
  }
#ifdef AM_SOURCE_SHADERS_DIR
  tried.emplace_back(AM_SOURCE_SHADERS_DIR);
#endif
  std::string list;
  for (const auto& dir : tried) {
    if (has_shaders(dir)) return dir.lexically_normal();
    list += "\n  " + dir.string();
  }
  return fail("cannot find the shaders folder (looked for " + std::string(kShaderMarker) + " in:" + list +
              "\n); set AM_SHADERS_DIR to the project's shaders/ folder");
}

std::vector<std::filesystem::path> font_candidates() {
  std::vector<std::filesystem::path> out;
  if (const char* env = std::getenv("AM_FONT"); env != nullptr && *env != '\0') out.emplace_back(env);
  const std::filesystem::path dejavu = "/usr/share/fonts/truetype/dejavu";
  out.push_back(dejavu / "DejaVuSerif-Bold.ttf");
  out.push_back(dejavu / "DejaVuSans-Bold.ttf");
  out.push_back(dejavu / "DejaVuSans.ttf");
  return out;
}

std::optional<std::filesystem::path> find_font_file() {
  for (const auto& path : font_candidates()) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) return path;
  }
  return std::nullopt;
}

}  // namespace am::render

#include "am/store/pictures_folder.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace am::store {

std::optional<std::string> pictures_dir_from_user_dirs(std::string_view user_dirs, const std::string& home) {
  constexpr std::string_view kKey = "XDG_PICTURES_DIR=";
  std::size_t at = 0;
  while (at < user_dirs.size()) {
    std::size_t end = user_dirs.find('\n', at);
    if (end == std::string_view::npos) end = user_dirs.size();
    std::string_view line = user_dirs.substr(at, end - at);
    at = end + 1;
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (line.substr(0, kKey.size()) != kKey) continue;
    line.remove_prefix(kKey.size());
    if (line.size() < 2 || line.front() != '"') return std::nullopt;
    const std::size_t close = line.find('"', 1);
    if (close == std::string_view::npos) return std::nullopt;
    std::string value(line.substr(1, close - 1));
    // The format allows only $HOME at the start, or an absolute path.
    if (value.rfind("$HOME", 0) == 0) value = home + value.substr(5);
    if (value.empty() || value.front() != '/') return std::nullopt;
    return value;
  }
  return std::nullopt;
}

namespace {
bool is_folder(const std::string& path) {
  std::error_code ec;
  return !path.empty() && path.front() == '/' && std::filesystem::is_directory(path, ec);
}
}  // namespace

std::string pictures_folder() {
  if (const char* env = std::getenv("XDG_PICTURES_DIR"); env != nullptr && is_folder(env)) return env;
  const char* home_env = std::getenv("HOME");
  const std::string home = home_env != nullptr ? home_env : "";
  const char* config_env = std::getenv("XDG_CONFIG_HOME");
  const std::string config = config_env != nullptr && *config_env == '/' ? std::string(config_env)
                             : home.empty()                              ? ""
                                                                         : home + "/.config";
  if (!config.empty()) {
    std::ifstream in(config + "/user-dirs.dirs");
    std::stringstream text;
    text << in.rdbuf();
    if (const auto dir = pictures_dir_from_user_dirs(text.str(), home); dir && is_folder(*dir)) return *dir;
  }
  if (!home.empty() && is_folder(home + "/Pictures")) return home + "/Pictures";
  // The home folder before the working one: run from a source tree, pictures landed in it.
  if (is_folder(home)) return home;
  std::error_code ec;
  return std::filesystem::current_path(ec).string();
}

}  // namespace am::store

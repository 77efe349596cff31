// Where F12's pictures go: the desktop's own folder name, read from user-dirs.dirs.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "am/store/pictures_folder.hpp"

TEST_CASE("the pictures folder is read from user-dirs.dirs, with $HOME put in", "[store][pictures]") {
  using am::store::pictures_dir_from_user_dirs;
  const std::string file =
      "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\n  XDG_PICTURES_DIR=\"$HOME/Bilder\"\n";
  CHECK(pictures_dir_from_user_dirs(file, "/home/ann") == std::optional<std::string>("/home/ann/Bilder"));
  CHECK(pictures_dir_from_user_dirs("XDG_PICTURES_DIR=\"/srv/shots\"\n", "/home/ann") ==
        std::optional<std::string>("/srv/shots"));
  CHECK_FALSE(pictures_dir_from_user_dirs("XDG_PICTURES_DIR=\"Pictures\"\n", "/home/ann"));  // not absolute
  CHECK_FALSE(pictures_dir_from_user_dirs("XDG_PICTURES_DIR=\"$HOME/x\n", "/home/ann"));     // unclosed quote
  CHECK_FALSE(pictures_dir_from_user_dirs("XDG_DESKTOP_DIR=\"$HOME/Desktop\"\n", "/home/ann"));
}

TEST_CASE("with no pictures folder anywhere, pictures go home, not into the working folder",
          "[store][pictures]") {
  const std::filesystem::path home = std::filesystem::temp_directory_path() / "am_pictures_home";
  std::filesystem::create_directories(home);
  const auto keep = [](const char* name) {
    const char* v = std::getenv(name);
    return v ? std::optional<std::string>(v) : std::nullopt;
  };
  const auto home_was = keep("HOME"), xdg_was = keep("XDG_PICTURES_DIR"),
             config_was = keep("XDG_CONFIG_HOME");
  ::setenv("HOME", home.c_str(), 1);
  ::unsetenv("XDG_PICTURES_DIR");
  ::unsetenv("XDG_CONFIG_HOME");
  CHECK(am::store::pictures_folder() == home.string());
  std::filesystem::create_directories(home / "Pictures");
  CHECK(am::store::pictures_folder() == (home / "Pictures").string());
  const auto restore = [](const char* name, const std::optional<std::string>& v) {
    if (v)
      ::setenv(name, v->c_str(), 1);
    else
      ::unsetenv(name);
  };
  restore("HOME", home_was);
  restore("XDG_PICTURES_DIR", xdg_was);
  restore("XDG_CONFIG_HOME", config_was);
  std::filesystem::remove_all(home);
}

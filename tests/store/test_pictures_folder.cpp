// Where F12's pictures go: the desktop's own folder name, read from user-dirs.dirs.
#include <catch2/catch.hpp>

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

// Where F12 puts a screenshot: the user's pictures folder as the desktop names it
// (freedesktop's user-dirs.dirs), else ~/Pictures, else the home folder, else the working one.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace am::store {

// The XDG_PICTURES_DIR line of a user-dirs.dirs file (`XDG_PICTURES_DIR="$HOME/Pictures"`),
// with $HOME put in; nullopt if the file names none or not an absolute folder.
std::optional<std::string> pictures_dir_from_user_dirs(std::string_view user_dirs, const std::string& home);

// The folder, in order: $XDG_PICTURES_DIR if it is an absolute folder that exists; the
// user-dirs.dirs entry (in $XDG_CONFIG_HOME, else ~/.config) if it exists; ~/Pictures if it
// exists; the home folder; else the working folder.
std::string pictures_folder();

}  // namespace am::store

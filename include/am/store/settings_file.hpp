// Saving the settings (and the panel layout beside them) under
// $XDG_CONFIG_HOME/attention-machine/, falling back to ~/.config/attention-machine/.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "am/core/result.hpp"
#include "am/ui/app_state.hpp"

namespace am::store {

// The folder from the two environment values (either may be null or empty); nullopt
// when neither is usable.
std::optional<std::filesystem::path> config_dir_from(const char* xdg_config_home, const char* home);
// The same, read from the environment.
std::optional<std::filesystem::path> config_dir();
inline constexpr const char* kSettingsFileName = "settings.json";
inline constexpr const char* kLayoutFileName = "layout.ini";

struct LoadedSettings {
  ui::Settings settings;
  std::string message;  // empty when the file was read cleanly or did not exist
};

// A missing file gives the defaults silently; a bad file gives the defaults and a
// message naming the file and the problem. Out-of-range values are clamped.
LoadedSettings load_settings(const std::filesystem::path& path);
std::string settings_to_json(const ui::Settings& settings);
LoadedSettings settings_from_json(const std::string& text, const std::string& label);
// Writes to a temporary file and renames (creating the folder if needed).
Status save_settings(const ui::Settings& settings, const std::filesystem::path& path);
// The panel layout kept beside the settings (ImGui's ini text); "" when there is none.
std::string load_layout_text(const std::filesystem::path& path);
// Any text file, written the same way (the window uses it for the ImGui layout).
Status save_text_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace am::store

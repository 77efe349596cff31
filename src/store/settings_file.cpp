#include "am/store/settings_file.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "am/model/safetensors.hpp"

namespace am::store {

// The settings' own types and limits are the UI's (am/ui/app_state.hpp).
using ui::PanelVisibility;
using ui::Settings;

namespace {

using Json = nlohmann::json;

struct PanelFlag {
  const char* key;
  bool PanelVisibility::*flag;
};
constexpr PanelFlag kPanelFlags[] = {
    {"navigator", &PanelVisibility::navigator},
    {"chapter_text", &PanelVisibility::chapter_text},
    {"text_input", &PanelVisibility::text_input},
    {"predictions", &PanelVisibility::predictions},
    {"inspector", &PanelVisibility::inspector},
    {"drum", &PanelVisibility::drum},
    {"rack", &PanelVisibility::rack},
    {"settings", &PanelVisibility::settings},
    {"help", &PanelVisibility::help},
    {"status_line", &PanelVisibility::status_line},
    {"left_bar", &PanelVisibility::left_bar},
    {"right_bar", &PanelVisibility::right_bar},
    {"bottom_bar", &PanelVisibility::bottom_bar},
};

}  // namespace

std::optional<std::filesystem::path> config_dir_from(const char* xdg_config_home, const char* home) {
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  if (xdg_config_home && *xdg_config_home && std::filesystem::path(xdg_config_home).is_absolute())
    return std::filesystem::path(xdg_config_home) / "attention-machine";
  if (home && *home) return std::filesystem::path(home) / ".config" / "attention-machine";
  return std::nullopt;
}

std::optional<std::filesystem::path> config_dir() {
  return config_dir_from(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"));
}

std::string settings_to_json(const Settings& s) {
  Json j;
  j["font_scale"] = s.font_scale;
  j["dpi_override"] = s.dpi_override;
  j["reduced_motion"] = s.reduced_motion;
  j["palette"] = palette_name(s.palette);
  j["quality"] = quality_choice_name(s.quality);
  Json panels;
  for (const auto& p : kPanelFlags) panels[p.key] = s.panels.*(p.flag);
  j["panels"] = panels;
  return j.dump(2) + "\n";
}

LoadedSettings settings_from_json(const std::string& text, const std::string& label) {
  LoadedSettings out;
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    out.message = label + " is not valid JSON; using the default settings";
    return out;
  }
  std::vector<std::string> problems;
  Settings s;
  if (auto it = j.find("font_scale"); it != j.end()) {
    // Clamped as a double: a float conversion of 1e300 would be undefined behaviour.
    if (it->is_number())
      s.font_scale = static_cast<float>(
          std::clamp(it->get<double>(), double{ui::kMinFontScale}, double{ui::kMaxFontScale}));
    else
      problems.push_back("font_scale is not a number");
  }
  if (auto it = j.find("dpi_override"); it != j.end()) {
    if (it->is_number()) {
      const double v = it->get<double>();
      s.dpi_override =
          v <= 0.0
              ? 0.0f
              : static_cast<float>(std::clamp(v, double{ui::kMinDpiOverride}, double{ui::kMaxDpiOverride}));
    } else {
      problems.push_back("dpi_override is not a number");
    }
  }
  if (auto it = j.find("reduced_motion"); it != j.end()) {
    if (it->is_boolean())
      s.reduced_motion = it->get<bool>();
    else
      problems.push_back("reduced_motion is not true or false");
  }
  if (auto it = j.find("palette"); it != j.end()) {
    if (!it->is_string() || !parse_palette(it->get<std::string>(), s.palette))
      problems.push_back("palette is not one of brass, high-contrast, colour-blind");
  }
  if (auto it = j.find("quality"); it != j.end()) {
    const auto q = it->is_string() ? parse_quality_choice(it->get<std::string>()) : std::nullopt;
    if (q)
      s.quality = *q;
    else
      problems.push_back("quality is not one of " + names_listed(kQualityChoiceNames, ", "));
  }
  if (auto it = j.find("panels"); it != j.end() && it->is_object())
    for (const auto& p : kPanelFlags)
      if (auto f = it->find(p.key); f != it->end() && f->is_boolean()) s.panels.*(p.flag) = f->get<bool>();
  if (!problems.empty()) {
    // A half-understood file is not trusted: all defaults, and say why.
    out.message = label + ": ";
    for (std::size_t i = 0; i < problems.size(); ++i) out.message += (i ? "; " : "") + problems[i];
    out.message += "; using the default settings";
    return out;
  }
  out.settings = s;
  return out;
}

LoadedSettings load_settings(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  std::ifstream in(path, std::ios::binary);
  if (!in) return {Settings{}, "cannot read " + path.string() + "; using the default settings"};
  std::ostringstream text;
  text << in.rdbuf();
  return settings_from_json(text.str(), path.string());
}

std::string load_layout_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};  // the first run: ImGui places the panels itself
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Status save_text_atomically(const std::filesystem::path& path, const std::string& text) {
  std::error_code ec;
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) return fail("cannot create " + path.parent_path().string() + " (" + ec.message() + ")");
  }
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  return write_file_atomically(path, std::span<const std::uint8_t>(bytes, text.size()));
}

Status save_settings(const Settings& settings, const std::filesystem::path& path) {
  return save_text_atomically(path, settings_to_json(settings));
}

}  // namespace am::store

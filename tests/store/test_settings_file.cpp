// Settings survive a round trip; a bad file gives the defaults and says why.
#include <unistd.h>  // getpid: one scratch folder per process under ctest -j

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "am/store/settings_file.hpp"

using namespace am;
using namespace am::ui;
using namespace am::store;
using Catch::Matchers::Contains;

namespace {

struct TempDir {
  std::filesystem::path path;
  TempDir()
      : path(std::filesystem::temp_directory_path() / ("am_ui_settings_test_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

}  // namespace

TEST_CASE("settings round trip through the file", "[settings]") {
  TempDir dir;
  const auto file = dir.path / "nested" / kSettingsFileName;
  Settings s;
  s.font_scale = 1.5f;
  s.dpi_override = 2.0f;
  s.reduced_motion = true;
  s.palette = Palette::kColourBlind;
  s.quality = QualityChoice::kLow;
  s.panels.rack = false;
  s.panels.help = true;
  s.panels.right_bar = false;  // the frame's bars are kept collapsed between runs
  s.panels.bottom_bar = false;
  REQUIRE(save_settings(s, file).ok());  // creates the folders
  CHECK_FALSE(std::filesystem::exists(file.string() + ".tmp"));
  const LoadedSettings loaded = load_settings(file);
  CHECK(loaded.message.empty());
  CHECK(loaded.settings == s);
  CHECK_FALSE(loaded.settings == Settings{});
}

TEST_CASE("a missing settings file gives the defaults silently", "[settings]") {
  TempDir dir;
  const LoadedSettings loaded = load_settings(dir.path / "none.json");
  CHECK(loaded.message.empty());
  CHECK(loaded.settings == Settings{});
}

TEST_CASE("a bad settings file gives the defaults and a message", "[settings]") {
  LoadedSettings r = settings_from_json("{ not json", "settings.json");
  CHECK(r.settings == Settings{});
  CHECK_THAT(r.message, Contains("settings.json is not valid JSON"));

  r = settings_from_json(R"({"quality": "ultra"})", "settings.json");
  CHECK(r.settings == Settings{});
  CHECK_THAT(r.message, Contains("quality is not one of auto, high, medium, low"));

  r = settings_from_json(R"({"font_scale": "big", "palette": "neon"})", "settings.json");
  CHECK(r.settings == Settings{});
  CHECK_THAT(r.message, Contains("font_scale is not a number"));
  CHECK_THAT(r.message, Contains("palette is not one of"));
  CHECK_THAT(r.message, Contains("using the default settings"));

  TempDir dir;
  std::filesystem::create_directories(dir.path);
  std::ofstream(dir.path / "settings.json") << "[1, 2, 3]";
  r = load_settings(dir.path / "settings.json");
  CHECK(r.settings == Settings{});
  CHECK_FALSE(r.message.empty());
}

TEST_CASE("out-of-range values are clamped", "[settings]") {
  const LoadedSettings r = settings_from_json(R"({"font_scale": 40, "dpi_override": 0.01})", "s");
  CHECK(r.message.empty());
  CHECK(r.settings.font_scale == kMaxFontScale);
  CHECK(r.settings.dpi_override == kMinDpiOverride);
  CHECK(settings_from_json(R"({"dpi_override": -3})", "s").settings.dpi_override == 0.0f);
}

TEST_CASE("the config folder follows XDG, then HOME", "[settings]") {
  CHECK(config_dir_from("/x/cfg", "/home/u") == std::filesystem::path("/x/cfg/attention-machine"));
  CHECK(config_dir_from("", "/home/u") == std::filesystem::path("/home/u/.config/attention-machine"));
  CHECK(config_dir_from("relative/cfg", "/home/u") ==
        std::filesystem::path("/home/u/.config/attention-machine"));
  CHECK(config_dir_from(nullptr, nullptr) == std::nullopt);
}

TEST_CASE("each palette has one name, read back to the same palette", "[settings]") {
  CHECK(std::string(palette_name(Palette::kBrass)) == "brass");
  CHECK(std::string(palette_name(Palette::kHighContrast)) == "high-contrast");
  CHECK(std::string(palette_name(Palette::kColourBlind)) == "colour-blind");
  Palette p = Palette::kBrass;
  CHECK(parse_palette("colour-blind", p));
  CHECK(p == Palette::kColourBlind);
  CHECK_FALSE(parse_palette("neon", p));
  CHECK(p == Palette::kColourBlind);  // unchanged
}

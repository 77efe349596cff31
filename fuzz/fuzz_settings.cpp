// libFuzzer entry: any text as settings.json. Whatever it holds, the settings read are
// in range, and writing them out and reading them back gives the same settings.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "am/store/settings_file.hpp"
#include "fuzz_common.hpp"

namespace {
constexpr const char* kTarget = "fuzz_settings";

bool in_range(const am::ui::Settings& s) {
  const bool font = std::isfinite(s.font_scale) && s.font_scale >= am::ui::kMinFontScale &&
                    s.font_scale <= am::ui::kMaxFontScale;
  const bool dpi = s.dpi_override == 0.0f || (std::isfinite(s.dpi_override) && s.dpi_override >= am::ui::kMinDpiOverride &&
                                              s.dpi_override <= am::ui::kMaxDpiOverride);
  return font && dpi;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const am::store::LoadedSettings loaded = am::store::settings_from_json(text, "fuzz/settings.json");
  if (!in_range(loaded.settings)) am::fuzz::broken(kTarget, "settings out of range were accepted");
  const am::store::LoadedSettings again = am::store::settings_from_json(am::store::settings_to_json(loaded.settings), "again");
  if (!again.message.empty()) am::fuzz::broken(kTarget, "written settings did not read back cleanly");
  if (!(again.settings == loaded.settings)) am::fuzz::broken(kTarget, "settings changed in a write + read");
  return 0;
}

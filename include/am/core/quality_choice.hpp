// What the user asks the renderer for: a tier, or Auto (start from the driver, then
// adapt). Shared by the settings (am::ui), the flags and the renderer, which is why it
// lives here and not in render/: one table of names, read both ways.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>

#include "am/core/named_enum.hpp"

namespace am {

enum class QualityChoice : std::uint8_t { kAuto = 0, kHigh, kMedium, kLow };

// In the order of the Settings dialog's list and of --help.
inline constexpr NamedValue<QualityChoice> kQualityChoiceNames[] = {
    {QualityChoice::kAuto, "auto"},
    {QualityChoice::kHigh, "high"},
    {QualityChoice::kMedium, "medium"},
    {QualityChoice::kLow, "low"},
};
inline constexpr int kQualityChoiceCount = static_cast<int>(std::size(kQualityChoiceNames));

constexpr const char* quality_choice_name(QualityChoice choice) {
  return name_of(kQualityChoiceNames, choice, "auto");
}
constexpr std::optional<QualityChoice> parse_quality_choice(std::string_view name) {
  return parse_name(kQualityChoiceNames, name);
}

}  // namespace am

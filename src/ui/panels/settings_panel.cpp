// Settings: font size, DPI override, reduced motion, palette, quality, which panels show.
#include <algorithm>
#include <iterator>
#include <utility>

#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

// Which panels show, two to a row where the dialog is wide enough for both columns
// (measured in this font), else one to a row: a larger font never cuts a label.
void panel_checkboxes(PanelVisibility& p) {
  const std::pair<const char*, bool*> boxes[] = {
      {"chapters", &p.navigator},  {"chapter text", &p.chapter_text},
      {"text", &p.text_input},     {"next character", &p.predictions},
      {"inspector", &p.inspector}, {"training drum", &p.drum},
      {"rack", &p.rack},           {"status line", &p.status_line},
  };
  const ImGuiStyle& style = ImGui::GetStyle();
  const auto width = [&](const char* label) {
    return ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
  };
  float left = 0.0f, right = 0.0f;
  for (std::size_t i = 0; i < std::size(boxes); ++i)
    (i % 2 == 0 ? left : right) = std::max(i % 2 == 0 ? left : right, width(boxes[i].first));
  const float column = left + 2.0f * style.ItemSpacing.x;
  const bool two = column + right <= ImGui::GetContentRegionAvail().x;
  for (std::size_t i = 0; i < std::size(boxes); ++i) {
    if (two && i % 2 == 1) ImGui::SameLine(ImGui::GetCursorStartPos().x + column);
    ImGui::Checkbox(boxes[i].first, boxes[i].second);
  }
}

}  // namespace

void draw_settings(const AppState& state, PanelActions& actions) {
  if (!state.settings.panels.settings) return;
  // The dialog edits a copy; a change goes back as an intent (with any other panel's).
  Settings s = actions.state.settings_from(state);
  const auto ask = [&] {
    if (actions.state.ask_settings(state, s)) actions.settings_changed = true;
  };
  if (!widgets::begin_panel("Settings", &s.panels.settings, ImVec2(0.35f, 0.25f),
                            ImVec2(21.5f * ImGui::GetFontSize(), 22.5f * ImGui::GetFontSize()))) {
    ImGui::End();
    ask();
    return;
  }
  ImGui::SliderFloat("font size", &s.font_scale, kMinFontScale, kMaxFontScale, "%.2fx");
  bool automatic_dpi = s.dpi_override <= 0.0f;
  if (ImGui::Checkbox("screen scale from the monitor", &automatic_dpi))
    s.dpi_override = automatic_dpi ? 0.0f : 1.0f;
  if (!automatic_dpi)
    ImGui::SliderFloat("screen scale", &s.dpi_override, kMinDpiOverride, kMaxDpiOverride, "%.2fx");
  ImGui::Checkbox("reduced motion", &s.reduced_motion);
  widgets::help_marker("No travelling beads and no camera glides: the machine changes in place.");
  int palette = static_cast<int>(s.palette);
  const char* names[kPaletteCount];
  for (int i = 0; i < kPaletteCount; ++i) names[i] = palette_name(static_cast<Palette>(i));
  if (ImGui::Combo("palette", &palette, names, kPaletteCount)) s.palette = static_cast<Palette>(palette);
  const char* qualities[kQualityChoiceCount];
  for (int i = 0; i < kQualityChoiceCount; ++i) qualities[i] = kQualityChoiceNames[i].name;
  int quality = static_cast<int>(s.quality);  // the table's order is the enum's
  if (ImGui::Combo("quality", &quality, qualities, kQualityChoiceCount)) s.quality = kQualityChoiceNames[quality].value;
  widgets::help_marker(
      "auto starts low on software OpenGL and adapts to the measured frame time; "
      "high is the full look; low gives up smoothing, shadow detail and inner glass "
      "to stay smooth.");
  ImGui::Separator();
  ImGui::TextUnformatted("Panels");
  panel_checkboxes(s.panels);
  ImGui::Separator();
  if (ImGui::Button("Back to defaults")) {
    s = Settings{};
    s.panels.settings = true;  // keep this panel open while the user looks at the result
  }
  ImGui::End();
  ask();
}

}  // namespace am::ui

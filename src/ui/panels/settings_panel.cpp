// Settings: font size, DPI override, reduced motion, palette, quality, which panels show.
#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

void draw_settings(AppState& state, PanelActions& actions) {
  if (!state.settings.panels.settings) return;
  const Settings before = state.settings;
  if (!widgets::begin_panel("Settings", &state.settings.panels.settings, ImVec2(0.35f, 0.25f), ImVec2(340, 360))) {
    ImGui::End();
    if (!(before == state.settings)) actions.settings_changed = true;
    return;
  }
  Settings& s = state.settings;
  ImGui::SliderFloat("font size", &s.font_scale, kMinFontScale, kMaxFontScale, "%.2fx");
  bool automatic_dpi = s.dpi_override <= 0.0f;
  if (ImGui::Checkbox("screen scale from the monitor", &automatic_dpi)) s.dpi_override = automatic_dpi ? 0.0f : 1.0f;
  if (!automatic_dpi) ImGui::SliderFloat("screen scale", &s.dpi_override, kMinDpiOverride, kMaxDpiOverride, "%.2fx");
  ImGui::Checkbox("reduced motion", &s.reduced_motion);
  widgets::help_marker("No travelling beads and no camera glides: the machine changes in place.");
  int palette = static_cast<int>(s.palette);
  const char* names[kPaletteCount];
  for (int i = 0; i < kPaletteCount; ++i) names[i] = palette_name(static_cast<Palette>(i));
  if (ImGui::Combo("palette", &palette, names, kPaletteCount)) s.palette = static_cast<Palette>(palette);
  const char* qualities[kQualityChoiceCount];
  for (int i = 0; i < kQualityChoiceCount; ++i) qualities[i] = quality_choice_label(i);
  ImGui::Combo("quality", &s.quality, qualities, kQualityChoiceCount);
  widgets::help_marker("auto starts low on software OpenGL and adapts to the measured frame time; "
                       "high is the full look; low gives up smoothing, shadow detail and inner glass "
                       "to stay smooth.");
  ImGui::Separator();
  ImGui::TextUnformatted("Panels");
  PanelVisibility& p = s.panels;
  ImGui::Checkbox("chapters", &p.navigator);
  ImGui::SameLine(170);
  ImGui::Checkbox("chapter text", &p.chapter_text);
  ImGui::Checkbox("text", &p.text_input);
  ImGui::SameLine(170);
  ImGui::Checkbox("next character", &p.predictions);
  ImGui::Checkbox("inspector", &p.inspector);
  ImGui::SameLine(170);
  ImGui::Checkbox("training drum", &p.drum);
  ImGui::Checkbox("rack", &p.rack);
  ImGui::SameLine(170);
  ImGui::Checkbox("status line", &p.status_line);
  ImGui::Separator();
  if (ImGui::Button("Back to defaults")) {
    s = Settings{};
    s.panels.settings = true;  // keep this panel open while the user looks at the result
  }
  ImGui::End();
  if (!(before == state.settings)) actions.settings_changed = true;
}

}  // namespace am::ui

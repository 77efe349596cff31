// Fonts, scale, colours and the saved layout.
#include <filesystem>
#include <string>

#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

// Fonts with the punctuation the chapters print; the first that exists wins.
constexpr const char* kFontCandidates[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
    "/usr/share/fonts/truetype/linuxlibertine/LinBiolinum_R.ttf",
    "/usr/local/share/fonts/DejaVuSans.ttf",
};

// Latin-1, Greek (Σ), general punctuation (“ ” …), arrows (→), maths (√ ×).
constexpr ImWchar kGlyphRanges[] = {
    0x0020, 0x00FF, 0x0391, 0x03C9, 0x2010, 0x205E, 0x2190, 0x21FF, 0x2200, 0x22FF, 0,
};

void brass_colours(ImGuiStyle& style) {
  ImGui::StyleColorsDark(&style);
  ImVec4* c = style.Colors;
  const ImVec4 brass(0.78f, 0.62f, 0.34f, 1.0f);
  c[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.08f, 0.07f, 0.90f);
  c[ImGuiCol_TitleBg] = ImVec4(0.20f, 0.15f, 0.09f, 1.0f);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.36f, 0.27f, 0.14f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.20f, 0.17f, 0.13f, 1.0f);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.30f, 0.24f, 0.16f, 1.0f);
  c[ImGuiCol_Button] = ImVec4(0.36f, 0.27f, 0.14f, 1.0f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.50f, 0.38f, 0.20f, 1.0f);
  c[ImGuiCol_ButtonActive] = brass;
  c[ImGuiCol_Header] = ImVec4(0.36f, 0.27f, 0.14f, 1.0f);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.50f, 0.38f, 0.20f, 1.0f);
  c[ImGuiCol_CheckMark] = brass;
  c[ImGuiCol_SliderGrab] = brass;
  c[ImGuiCol_SliderGrabActive] = ImVec4(0.92f, 0.75f, 0.42f, 1.0f);
}

}  // namespace

bool load_ui_font(float pixel_size) {
  ImGuiIO& io = ImGui::GetIO();
  for (const char* path : kFontCandidates) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) continue;
    if (io.Fonts->AddFontFromFileTTF(path, pixel_size, nullptr, kGlyphRanges)) return true;
  }
  io.Fonts->AddFontDefault();
  return false;
}

void apply_settings(const Settings& settings, float monitor_scale) {
  ImGuiIO& io = ImGui::GetIO();
  const float scale = settings.dpi_override > 0.0f ? settings.dpi_override : monitor_scale;
  io.FontGlobalScale = settings.font_scale * (scale > 0.0f ? scale : 1.0f);
  ImGuiStyle style;  // fresh each time: ScaleAllSizes is cumulative
  switch (settings.palette) {
    case Palette::kBrass:
      brass_colours(style);
      break;
    case Palette::kHighContrast:
      ImGui::StyleColorsDark(&style);
      style.Colors[ImGuiCol_WindowBg] = ImVec4(0.0f, 0.0f, 0.0f, 1.0f);
      style.Colors[ImGuiCol_Text] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
      style.Colors[ImGuiCol_Border] = ImVec4(1.0f, 1.0f, 1.0f, 0.8f);
      style.FrameBorderSize = 1.0f;
      break;
    case Palette::kColourBlind:
      // Blue and orange stay apart for every common colour-vision deficiency.
      ImGui::StyleColorsDark(&style);
      style.Colors[ImGuiCol_CheckMark] = ImVec4(0.90f, 0.60f, 0.0f, 1.0f);
      style.Colors[ImGuiCol_SliderGrab] = ImVec4(0.34f, 0.71f, 0.91f, 1.0f);
      break;
  }
  style.ScaleAllSizes(scale > 0.0f ? scale : 1.0f);
  ImGui::GetStyle() = style;
}

void apply_layout(const std::string& ini) {
  if (!ini.empty())
    ImGui::LoadIniSettingsFromMemory(ini.c_str(), ini.size());  // empty: ImGui places the panels
}

std::string layout_text() {
  std::size_t size = 0;
  const char* ini = ImGui::SaveIniSettingsToMemory(&size);
  return std::string(ini, size);
}

}  // namespace am::ui

#include "overlay_layer.hpp"

#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include "am/ui/panels.hpp"
#include "am/store/settings_file.hpp"

namespace am::app {

// The panels' base font size in pixels, before the font scale and DPI.
constexpr float kBaseFontPixels = 16.0f;

ImGuiLayer::ImGuiLayer(GLFWwindow* window, const ui::Settings& settings, float monitor_scale, bool headless) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  // Rasterised at the monitor's scale so text stays sharp; apply_settings then scales by
  // the font-scale setting only relative to that.
  const float scale = settings.dpi_override > 0.0f ? settings.dpi_override : monitor_scale;
  ui::load_ui_font(kBaseFontPixels * (scale > 0.0f ? scale : 1.0f));
  ui::apply_settings(settings, monitor_scale);
  io.FontGlobalScale = settings.font_scale;  // the atlas already has the DPI in it
  // The saved layout places the dialogs; the frame places everything else every frame.
  if (!headless)
    if (auto dir = store::config_dir()) ui::apply_layout(store::load_layout_text(*dir / store::kLayoutFileName));
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
}

ImGuiLayer::~ImGuiLayer() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

}  // namespace am::app

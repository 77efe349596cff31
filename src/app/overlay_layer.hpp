// Dear ImGui bound to the window (GLFW input, OpenGL 3 drawing), shut down in order.
#pragma once

#include "am/ui/app_state.hpp"

struct GLFWwindow;

namespace am::app {

class ImGuiLayer {
 public:
  // Installs ImGui's GLFW callbacks, the UI font and style from the settings. ImGui
  // writes no ini file itself: the UI saves the layout atomically (UiSession), and
  // headless runs (`headless`) read none, so screenshots are reproducible.
  ImGuiLayer(GLFWwindow* window, const ui::Settings& settings, float monitor_scale, bool headless);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;
};

}  // namespace am::app

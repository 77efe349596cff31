// Dear ImGui bound to the window (GLFW input, OpenGL 3 drawing), shut down in order.
#pragma once

struct GLFWwindow;

namespace am::app {

class ImGuiLayer {
 public:
  // Installs ImGui's GLFW callbacks; no settings file, so runs are reproducible.
  explicit ImGuiLayer(GLFWwindow* window);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;
};

}  // namespace am::app

#include "imgui_layer.hpp"

#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <filesystem>
#include <system_error>

namespace am::app {

ImGuiLayer::ImGuiLayer(GLFWwindow* window) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 6.0f;
  style.FrameRounding = 3.0f;
  style.Colors[ImGuiCol_WindowBg] = ImVec4(0.10f, 0.08f, 0.07f, 0.90f);
  style.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.36f, 0.24f, 0.10f, 1.0f);
  style.Colors[ImGuiCol_TitleBg] = ImVec4(0.22f, 0.15f, 0.08f, 1.0f);
  style.Colors[ImGuiCol_PlotHistogram] = ImVec4(0.85f, 0.58f, 0.22f, 1.0f);
  style.Colors[ImGuiCol_FrameBg] = ImVec4(0.20f, 0.16f, 0.12f, 1.0f);
  // A readable face if fonts-dejavu-core is there; ImGui's built-in font otherwise.
  const std::filesystem::path font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  std::error_code ec;
  if (std::filesystem::is_regular_file(font, ec)) io.Fonts->AddFontFromFileTTF(font.c_str(), 15.0f);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
}

ImGuiLayer::~ImGuiLayer() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

}  // namespace am::app

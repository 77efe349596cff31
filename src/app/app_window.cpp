// MINIMAL window (engine issue): type text, see the top-5 next characters live.
// The 3D machine replaces the body of this loop in the machine issue.
#include "app_window.hpp"

// glad must come before GLFW so GLFW does not pull in the system GL header.
#include <glad/gl.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <array>
#include <iostream>
#include <numeric>
#include <string>

#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/normalizer.hpp"
#include "model_source.hpp"

namespace am::app {
namespace {

void report_glfw_error(int code, const char* description) {
  std::cerr << "attention-machine: GLFW error " << code << ": " << description << "\n";
}

struct Prediction {
  Normalized normalized;
  std::array<int, 5> top{};
  std::array<float, 5> p{};
  int length = 0;
};

Prediction predict(const Weights& weights, const std::string& text, const HeadMask& pulled) {
  Prediction out;
  out.normalized = normalize(text);
  const Activations acts = forward(weights, out.normalized.ids, pulled);
  out.length = acts.length();
  if (out.length == 0) return out;
  const float* probs = acts.probs + (out.length - 1) * kVocab;
  std::array<int, kVocab> order{};
  std::iota(order.begin(), order.end(), 0);
  std::partial_sort(order.begin(), order.begin() + 5, order.end(),
                    [&](int a, int b) { return probs[a] > probs[b]; });
  for (std::size_t i = 0; i < 5; ++i) {
    out.top[i] = order[i];
    out.p[i] = probs[order[i]];
  }
  return out;
}

std::string printable(int id) {
  const char c = id_to_char(id);
  if (c == ' ') return "(space)";
  return std::string(1, c);
}

}  // namespace

int run_window(const Options& options) {
  auto pulled = HeadMask::parse(options.ablate);
  if (!pulled) {
    std::cerr << "attention-machine: --ablate: " << pulled.error() << "\n";
    return 2;
  }
  auto model = load_model(options.weights_file, options.weights_dir, options.step);
  if (!model) {
    std::cerr << "attention-machine: " << model.error() << "\n";
    return 1;
  }

  glfwSetErrorCallback(report_glfw_error);
  if (!glfwInit()) {
    std::cerr << "attention-machine: could not open a window (no display? set DISPLAY or use xvfb-run)\n";
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(options.width, options.height, "Attention Machine", nullptr, nullptr);
  if (!window) {
    std::cerr << "attention-machine: this system cannot give an OpenGL 3.3 core context; "
                 "the machine needs OpenGL 3.3 (try updating the graphics driver or Mesa)\n";
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);
  if (gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)) == 0) {
    std::cerr << "attention-machine: could not load OpenGL 3.3 functions\n";
    glfwDestroyWindow(window);
    glfwTerminate();
    return 1;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  std::array<char, 512> buffer{};
  const std::string initial = options.text.value_or("the queen. the qu");
  std::copy_n(initial.begin(), std::min(initial.size(), buffer.size() - 1), buffer.begin());
  Prediction prediction = predict(model->weights, buffer.data(), *pulled);

  while (!glfwWindowShouldClose(window)) {
    glfwWaitEvents();  // nothing animates yet: sleep until input arrives
    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(window, &fb_w, &fb_h);
    if (fb_w <= 0 || fb_h <= 0) continue;  // minimised: draw nothing

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(20, 20), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(460, 300), ImGuiCond_FirstUseEver);
    ImGui::Begin("Next character");
    ImGui::TextWrapped("Checkpoint: step %lld (%s)", static_cast<long long>(model->weights.step),
                       model->file.filename().string().c_str());
    if (ImGui::InputText("text", buffer.data(), buffer.size()))
      prediction = predict(model->weights, buffer.data(), *pulled);
    ImGui::TextWrapped("The model reads: \"%s\"", prediction.normalized.text.c_str());
    if (prediction.normalized.report.changed())
      ImGui::TextWrapped("Normalized: %s", prediction.normalized.report.summary().c_str());
    if (prediction.normalized.ids.size() > static_cast<std::size_t>(kContext))
      ImGui::TextWrapped("Longer than %d characters: the model reads only the last %d.", kContext, kContext);
    ImGui::Separator();
    if (prediction.length == 0) {
      ImGui::TextUnformatted("Type something: the model needs at least one character.");
    } else {
      for (std::size_t i = 0; i < 5; ++i) {
        ImGui::Text("%-8s", printable(prediction.top[i]).c_str());
        ImGui::SameLine();
        ImGui::ProgressBar(prediction.p[i], ImVec2(-1, 0), (std::to_string(prediction.p[i] * 100.0f).substr(0, 5) + " %").c_str());
      }
    }
    ImGui::End();
    ImGui::Render();
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(0.08f, 0.08f, 0.09f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    glfwSwapBuffers(window);
  }

  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return 0;
}

}  // namespace am::app

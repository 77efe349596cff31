// The session between ImGui::NewFrame and ImGui::Render, headless (no window, no GL):
// a character typed into the text box is what the machine reads in that same frame.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <imgui.h>

#include "am/ui/panels.hpp"
#include "ui_session.hpp"

using namespace am;
using am::app::SceneFrame;
using am::app::UiSession;

namespace {

// An ImGui context as the app's ImGuiLayer sets it up, less the GL and GLFW backends.
struct SessionImGui {
  SessionImGui() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // nothing written beside the test
    io.DisplaySize = ImVec2(1366, 768);
    io.DeltaTime = 1.0f / 60.0f;
    ui::load_ui_font(16.0f);
    ui::apply_settings(ui::Settings{}, 1.0f);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~SessionImGui() { ImGui::DestroyContext(); }
};

// One frame as MachineApp::draw_frame runs it, at 60 frames a second.
SceneFrame run_frame(UiSession& session, double& time_seconds) {
  time_seconds += 1.0 / 60.0;
  ImGui::NewFrame();
  app::SessionRequests requests;
  SceneFrame frame = session.frame(time_seconds, 1.0 / 60.0, 0.0, ui::InspectorView{}, requests);
  ImGui::Render();
  return frame;
}

// A one-line script file, removed with the test.
struct ScriptFile {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("am_typed_text_" + std::to_string(::getpid()) + ".txt");
  explicit ScriptFile(const std::string& line) { std::ofstream(path) << line << "\n"; }
  ~ScriptFile() { std::filesystem::remove(path); }
};

// Types `chars` and draws one frame. Characters go to ImGui alone, as the window's do.
SceneFrame type_in_one_frame(UiSession& session, double& time_seconds, const std::string& chars) {
  for (const char c : chars) ImGui::GetIO().AddInputCharacter(static_cast<unsigned>(c));
  return run_frame(session, time_seconds);
}

// The frame drew the machine from `text`: the state, the input and the pass all have it.
void check_reads(const UiSession& session, const SceneFrame& frame, const std::string& text) {
  CHECK(session.state().raw_text == text);
  CHECK(session.state().normalized.text == text);
  CHECK(frame.input.text == text);
  REQUIRE(frame.pass);
  CHECK(frame.input.acts == &frame.pass->acts);
  CHECK(frame.pass->acts.length() == static_cast<int>(text.size()));
}

}  // namespace

TEST_CASE("a typed character reaches the machine's input in the frame the text box reads it", "[session]") {
  SessionImGui imgui;
  app::Options options;
  options.weights_dir = std::filesystem::path(AM_SOURCE_DIR) / "weights";
  options.text = "the king";
  auto session = UiSession::create(options, /*headless=*/true);
  if (!session) FAIL(session.error());
  UiSession& s = **session;

  // The script's "focus text": ImGui hands the box the keyboard a frame or two later.
  const ScriptFile script("focus text");
  REQUIRE(s.start_script(script.path));
  double t = 0.0;
  for (int i = 0; i < 10 && !ImGui::GetIO().WantTextInput; ++i) run_frame(s, t);
  REQUIRE_FALSE(s.script_failed());
  REQUIRE(ImGui::GetIO().WantTextInput);
  REQUIRE(s.state().raw_text == "the king");

  // Focused from code, the box has its whole text selected: the first characters replace it.
  check_reads(s, type_in_one_frame(s, t, "the quee"), "the quee");
  check_reads(s, type_in_one_frame(s, t, "n"), "the queen");
}

// The ImGui panels run headless: an ImGui context with no renderer, frames built
// and discarded. Every panel draws in each chapter, and the shortcuts act on the state.
#include <catch2/catch.hpp>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "am/model/forward.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/shortcuts.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;

namespace {

// An ImGui context for the test's lifetime, with the GLFW backend's key map.
struct HeadlessImGui {
  HeadlessImGui() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280, 800);
    io.DeltaTime = 1.0f / 60.0f;
    io.KeyMap[ImGuiKey_LeftArrow] = GLFW_KEY_LEFT;
    io.KeyMap[ImGuiKey_RightArrow] = GLFW_KEY_RIGHT;
    io.KeyMap[ImGuiKey_UpArrow] = GLFW_KEY_UP;
    io.KeyMap[ImGuiKey_DownArrow] = GLFW_KEY_DOWN;
    io.KeyMap[ImGuiKey_Space] = GLFW_KEY_SPACE;
    io.KeyMap[ImGuiKey_Home] = GLFW_KEY_HOME;
    load_ui_font(16.0f);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }
};

struct Harness {
  test::FakeEngine engine;
  AppState state;
  TextInputPanelState text_panel;
  ChapterPanelState chapter_panel;
  Activations acts;

  bool framed = true;
  bool typing = false;
  int width = 1280, height = 800;
  FrameLayout layout;

  // One frame; `key` is tapped (pressed and released) within it, as a quick user does.
  PanelActions frame(int key = -1) { return frame(key >= 0 ? std::vector<int>{key} : std::vector<int>{}); }
  // One frame in which each of `taps` is tapped, in order.
  PanelActions frame(const std::vector<int>& taps) {
    InputQueue q;
    for (int key : taps) q.push_tap(key, 0, false);
    const std::vector<InputEvent> events = q.take();
    ImGui::GetIO().DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
    ImGui::NewFrame();
    if (framed) {
      FrameLayoutInput in;
      in.width = width;
      in.height = height;
      in.line = ImGui::GetTextLineHeightWithSpacing();
      in.left_open = state.settings.panels.left_bar;
      in.right_open = state.settings.panels.right_bar;
      in.bottom_open = state.settings.panels.bottom_bar;
      in.presentation = state.presentation;
      layout = compute_frame_layout(in);
      begin_frame_panels(layout);
    }
    acts = engine.forward(state.step, read_ids(state), state.pulled);
    ChapterContext c = engine.chapter_context(state);
    c.acts = &acts;
    c.intact = &acts;
    PanelActions actions;
    const auto steps = engine.checkpoint_steps();
    handle_shortcuts(state, c, steps, events, typing, actions);
    if (framed) draw_bar_strips(state, layout, actions);
    draw_navigator(state, actions);
    draw_chapter_text(state, c, chapter_panel, actions.state);
    draw_beat_strip(state, actions.state);
    draw_text_input(state, text_panel, actions);
    draw_predictions(state, &acts, &acts, actions.state);
    draw_inspector(state, InspectorView{}, actions.state);
    DrumView drum;
    drum.training = &engine.training;
    draw_drum(state, drum, actions);
    RackView rack;
    rack.analysis = &engine.analysis;
    rack.training = &engine.training;
    draw_rack(state, rack, actions);
    draw_settings(state, actions);
    draw_help(state, actions.state);
    draw_status_line(state, StatusView{});
    ImGui::Render();
    // As the session does: the panels only read the state; their intents change it here.
    apply_state_intents(state, actions.state, engine.chapter_context(state), steps);
    return actions;
  }
};

}  // namespace

TEST_CASE("every panel draws in every chapter, and the arrow keys turn the pages", "[panels]") {
  HeadlessImGui imgui;
  Harness h;
  h.state.settings.panels.settings = true;
  h.state.settings.panels.help = true;
  enter_chapter(h.state, *find_chapter(0), h.engine.chapter_context(h.state), h.engine.checkpoint_steps());
  h.frame();
  for (int k = 1; k < kChapterCount; ++k) {
    // A press and its release inside one frame still turn the page.
    h.frame(GLFW_KEY_RIGHT);
    CHECK(h.state.chapter == k);
    h.frame();
    CHECK(!h.chapter_panel.body.empty());
    CHECK(h.text_panel.buffer.data() == h.state.raw_text);
  }
  h.frame(GLFW_KEY_RIGHT);  // no chapter after the last
  CHECK(h.state.chapter == kChapterCount - 1);
  h.frame();
  h.frame(GLFW_KEY_LEFT);
  CHECK(h.state.chapter == kChapterCount - 2);
  // Two presses in one batch turn two pages: each key's intents apply before the next.
  h.frame(std::vector<int>{GLFW_KEY_LEFT, GLFW_KEY_LEFT});
  CHECK(h.state.chapter == kChapterCount - 4);
}

TEST_CASE("function keys for help, settings and screenshots, P plays the drum, Space the beats", "[panels]") {
  HeadlessImGui imgui;
  Harness h;
  set_text(h.state, "the queen. the qu");
  h.state.step = 2000;
  const bool help = h.state.settings.panels.help;
  CHECK(h.frame(GLFW_KEY_F1).settings_changed);
  CHECK(h.state.settings.panels.help != help);
  h.frame();
  CHECK(h.frame(GLFW_KEY_F12).screenshot);
  h.frame();
  h.frame(GLFW_KEY_P);
  CHECK(h.state.playing);
  CHECK(h.state.step == 0);  // at the end, play starts again from the first checkpoint
  h.frame();
  // Space plays the chapter's beats; Down steps one beat on, to its end state.
  enter_chapter(h.state, *find_chapter(2), h.engine.chapter_context(h.state), h.engine.checkpoint_steps());
  h.frame(GLFW_KEY_SPACE);
  CHECK(h.state.beat.playing);
  CHECK(h.state.beat.index == 0);
  h.frame(GLFW_KEY_DOWN);
  CHECK_FALSE(h.state.beat.playing);
  CHECK(h.state.beat.index == 1);
  CHECK(h.state.beat.progress == 1.0);
  h.frame();
  const int head_before = h.state.selected_head;
  h.frame(GLFW_KEY_RIGHT_BRACKET);
  CHECK(h.state.selected_head == (head_before + 1) % kHeads);
}

TEST_CASE("panels show their empty states without a pass or a manifest", "[panels]") {
  HeadlessImGui imgui;
  AppState state;
  state.settings.panels.settings = true;
  ImGui::NewFrame();
  PanelActions actions;
  draw_predictions(state, nullptr, nullptr, actions.state);
  draw_drum(state, DrumView{}, actions);
  draw_rack(state, RackView{}, actions);
  draw_inspector(state, InspectorView{"a dial\nq·k = 1.2", ""}, actions.state);
  ImGui::Render();
  CHECK_FALSE(actions.any());
}

TEST_CASE("no typing key is a shortcut while the text box has the keyboard; F11 and F12 still are",
          "[panels]") {
  HeadlessImGui imgui;
  Harness h;
  h.frame();
  h.typing = true;
  for (int key : {GLFW_KEY_RIGHT, GLFW_KEY_SPACE}) CHECK_FALSE(h.frame(key).any());
  CHECK(h.state.chapter == 0);
  CHECK(h.frame(GLFW_KEY_F12).screenshot);
  h.frame(GLFW_KEY_F11);
  CHECK(h.state.presentation);
  h.typing = false;
  const int typed_in = h.state.chapter;
  h.frame(GLFW_KEY_RIGHT);
  CHECK(h.state.chapter == typed_in + 1);
  // Esc leaves the box, and a Right that arrived with it in one batch (a quick user after
  // a slow frame) turns the chapter; Esc itself does nothing more.
  h.typing = true;
  const int before = h.state.chapter;
  h.frame(std::vector<int>{GLFW_KEY_ESCAPE, GLFW_KEY_RIGHT});
  CHECK(h.state.chapter == before + 1);
  CHECK_FALSE(h.frame(std::vector<int>{GLFW_KEY_ESCAPE}).any());
}

TEST_CASE("the panels sit in the frame's slots, and F11 hides them and brings them back", "[panels]") {
  HeadlessImGui imgui;
  Harness h;
  h.state.settings.panels.help = true;
  h.frame();
  h.frame();
  const auto at = [](const char* name) {
    const ImGuiWindow* w = ImGui::FindWindowByName(name);
    REQUIRE(w != nullptr);
    return PanelRect{static_cast<int>(w->Pos.x), static_cast<int>(w->Pos.y), static_cast<int>(w->Size.x),
                     static_cast<int>(w->Size.y)};
  };
  CHECK(at("Next character") == h.layout.predictions);
  CHECK(at("Rack of heads") == h.layout.rack);
  CHECK(at("Inspector") == h.layout.inspector);
  CHECK(at("Training drum") == h.layout.drum);
  CHECK(at("Text") == h.layout.text);
  CHECK(at("Chapters") == h.layout.navigator);
  CHECK(at("##status") == h.layout.status);
  // Help is a dialog: drawn over the viewport, and listed for the dump.
  bool help_listed = false;
  for (const auto& [name, r] : drawn_panels())
    if (name == "help") {
      help_listed = true;
      CHECK(h.layout.viewport.contains(static_cast<float>(r.x), static_cast<float>(r.y)));
    }
  CHECK(help_listed);

  h.frame(GLFW_KEY_F11);
  CHECK(h.state.presentation);
  h.frame();
  CHECK(h.layout.viewport == PanelRect{0, 0, 1280, 800});
  CHECK_FALSE(ImGui::FindWindowByName("Next character")->Active);  // not drawn at all
  CHECK_FALSE(ImGui::FindWindowByName("Rack of heads")->Active);
  CHECK_FALSE(ImGui::FindWindowByName("Chapters")->Active);
  h.frame(GLFW_KEY_F11);
  CHECK_FALSE(h.state.presentation);
  h.frame();
  CHECK(at("Next character") == h.layout.predictions);
}

TEST_CASE("a collapsed bar's strip opens it again", "[panels]") {
  HeadlessImGui imgui;
  Harness h;
  h.state.settings.panels.right_bar = false;
  h.frame();
  CHECK(h.layout.right.w < 40);
  CHECK(h.layout.rack.empty());
  CHECK(h.layout.viewport.w == 1280 - h.layout.left.w - h.layout.right.w);
}

TEST_CASE("at font 1.5 in a 1366x768 window no panel text runs past its right edge", "[panels]") {
  HeadlessImGui imgui;
  ImGui::GetIO().FontGlobalScale = 1.5f;
  Harness h;
  h.width = 1366;
  h.height = 768;
  for (int i = 0; i < 4; ++i) h.frame();
  // The rack cannot fit this column at this font: it gets all its rows and the column
  // scrolls as a whole (issue 21), its wrapped lines keeping to the room beside the
  // column's scroll bar; nothing is cut, below or to the right.
  const ImGuiWindow* rack = ImGui::FindWindowByName("Rack of heads");
  const ImGuiWindow* column = ImGui::FindWindowByName("##right column");
  REQUIRE(rack != nullptr);
  REQUIRE(column != nullptr);
  CHECK_FALSE(rack->ScrollbarY);
  CHECK(column->Active);
  CHECK(column->ScrollbarY);
  CHECK(column->ScrollMax.y > 0.0f);
  CHECK(rack->Pos.x + rack->Size.x <= column->Pos.x + 0.5f);  // the bar is beside the panels, not on them
  for (const std::string& clipped : measure_clipped_text()) {
    INFO(clipped);
    CHECK(clipped.empty());
  }
}

TEST_CASE("the beat strip keeps its rows when playing starts, in a narrow column", "[panels]") {
  HeadlessImGui imgui;
  Harness h;
  h.width = 1024;
  h.height = 768;
  h.state.chapter = 2;
  set_text(h.state, "the queen. the qunce upon a time there was a cat");
  for (const bool playing : {false, true}) {
    h.state.beat = {.chapter = 2, .index = 8, .progress = playing ? 0.5 : 1.0, .playing = playing};
    for (int i = 0; i < 4; ++i) h.frame();
    INFO((playing ? "playing" : "paused"));
    for (const std::string& clipped : measure_clipped_text())
      CHECK(clipped.find("Beat") == std::string::npos);
  }
}

TEST_CASE("the panels' intents change the state in one place, each as a panel asked", "[panels][intents]") {
  HeadlessImGui imgui;
  Harness h;
  h.frame();
  const auto steps = h.engine.checkpoint_steps();
  StateIntents in;
  // The settings: a second panel asking for what is asked already asks nothing more.
  Settings help = in.settings_from(h.state);
  help.panels.help = true;
  CHECK(in.ask_settings(h.state, help));
  CHECK_FALSE(in.ask_settings(h.state, help));
  CHECK_FALSE(StateIntents{}.ask_settings(h.state, h.state.settings));  // nothing changed: no intent
  in.chapter = 3;
  in.text = "the cat";  // after the chapter, which would have set its own text
  HeadMask pulled;
  pulled.pulled[1][3] = true;
  in.pulled = pulled;
  in.lift = std::make_pair(1, 2);
  in.step = steps.front();
  h.state.playing = true;
  h.state.answers[3] = PredictState{3, 1, true};
  in.ask_again = true;
  apply_state_intents(h.state, in, h.engine.chapter_context(h.state), steps);
  CHECK(h.state.chapter == 3);
  CHECK(h.state.raw_text == "the cat");
  CHECK(h.state.own_text);
  CHECK(h.state.pulled == pulled);
  CHECK((h.state.selected_layer == 1 && h.state.selected_head == 2));
  CHECK(h.state.step == steps.front());
  CHECK_FALSE(h.state.playing);  // the drum turned by hand stops its playback
  CHECK(h.state.settings.panels.help);
  CHECK(h.state.answers.count(3) == 0);  // asked again
}

TEST_CASE("chapter 6's score table leaves the column as tall in every frame, so all of it scrolls into view",
          "[panels]") {
  HeadlessImGui imgui;
  Harness h;
  h.width = 1024;  // the narrowest column: the table scrolls sideways
  h.height = 768;
  h.engine.analysis.circuit = CircuitSummary{};  // the table needs the circuit's scores
  enter_chapter(h.state, *find_chapter(6), h.engine.chapter_context(h.state), h.engine.checkpoint_steps());
  h.state.predict = PredictState{6, 0, true};  // revealed: the table shows
  // Scrolled to the end, the table out of sight above: the case that swung.
  std::vector<float> heights;
  for (int i = 0; i < 6; ++i) {
    h.frame();
    ImGuiWindow* w = ImGui::FindWindowByName(
        (std::to_string(6) + "  " + std::string(find_chapter(6)->title) + "###chapter").c_str());
    REQUIRE(w != nullptr);
    heights.push_back(w->ContentSize.y);
    ImGui::SetScrollY(w, 1e6f);
  }
  INFO("content heights " << heights[2] << ", " << heights[3] << ", " << heights[4] << ", " << heights[5]);
  CHECK(heights[3] == heights[2]);
  CHECK(heights[4] == heights[2]);
  CHECK(heights[5] == heights[2]);
}

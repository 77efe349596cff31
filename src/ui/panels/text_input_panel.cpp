// What the model reads: the typed text, what normalization changed, the sliding window.
#include <algorithm>
#include <cstring>

#include <imgui_internal.h>  // ClearActiveID: ImGui 1.86 has no public way to reload an active box

#include "am/model/config.hpp"
#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

namespace {

// Temperature and seed of Write, beside the button.
void draw_write_settings(const AppState& state, StateIntents& intents) {
  // Each with its label: on the button's row while they fit, else on the next.
  const auto labelled = [](float item_width, const char* label) {
    return item_width + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
  };
  const float slider_w = ImGui::GetFontSize() * 7.0f, seed_w = ImGui::GetFontSize() * 5.0f;
  widgets::same_line_if_room(labelled(slider_w, "temperature"));
  ImGui::SetNextItemWidth(slider_w);
  WriteSettings how = state.write;
  float t = how.temperature;
  if (ImGui::SliderFloat("temperature", &t, 0.0f, 2.0f, t == 0.0f ? "0 (greedy)" : "%.2f"))
    how.temperature = std::clamp(t, 0.0f, kMaxTemperature);
  // Greedy writing draws nothing at random: the seed matters (and is shown) above 0.
  if (how.temperature > 0.0f) {
    widgets::same_line_if_room(labelled(seed_w, "seed"));
    ImGui::SetNextItemWidth(seed_w);
    int seed = static_cast<int>(std::min<std::uint64_t>(how.seed, 1000000));
    if (ImGui::InputInt("seed", &seed)) how.seed = static_cast<std::uint64_t>(std::clamp(seed, 0, 1000000));
  }
  if (!(how == state.write)) intents.write = how;
}

}  // namespace

void draw_text_input(const AppState& state, TextInputPanelState& panel, PanelActions& actions) {
  if (!state.settings.panels.text_input) {
    panel.active = false;
    return;
  }
  if (!widgets::begin_shown_panel("Text", &PanelVisibility::text_input, state, actions.state,
                                  ImVec2(0.30f, 0.02f), ImVec2(480, 170))) {
    panel.active = false;
    ImGui::End();
    return;
  }
  // The state is the truth (chapters and scripts change it); the buffer follows it.
  if (state.raw_text != panel.buffer.data()) {
    const std::size_t n = std::min(state.raw_text.size(), panel.buffer.size() - 1);
    std::memcpy(panel.buffer.data(), state.raw_text.data(), n);
    panel.buffer[n] = '\0';
    // A box with the keyboard edits its own copy and would write the old text back over
    // the new one: let go of it for this frame and take the keyboard again with the new text.
    if (panel.active) {
      ImGui::ClearActiveID();
      panel.focus_request = 1;
    }
  }
  // Esc leaves the box and keeps the text (ImGui's own Esc would put back the text the box
  // had when it took the keyboard): the box lets go before it can see the key.
  if (panel.active && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
    ImGui::ClearActiveID();
    panel.focus_request = 0;
  }
  ImGui::SetNextItemWidth(-1.0f);
  if (panel.focus_request > 0) {
    ImGui::SetKeyboardFocusHere();
    --panel.focus_request;
  }
  if (ImGui::InputText("##text", panel.buffer.data(), panel.buffer.size())) {
    actions.state.text = std::string(panel.buffer.data());
  }
  panel.active = ImGui::IsItemActive();
  if (panel.active) panel.focus_request = 0;
  const Normalized& n = state.normalized;
  if (n.text.empty()) {
    ImGui::TextDisabled("Type something: the model needs at least one character to guess from.");
  } else {
    widgets::text_wrapped_whole("The model reads: \"" + read_text(state) + "\"");
    if (n.report.changed())
      ImGui::TextWrapped("Changed to fit its alphabet: %s.", n.report.summary().c_str());
    if (n.ids.size() > static_cast<std::size_t>(kContext))
      ImGui::TextWrapped(
          "The text is %zu characters long; the model reads only the last %d, so the window slides "
          "along as you type.",
          n.ids.size(), kContext);
  }
  if (ImGui::Button("Write")) actions.generate = kGenerateButtonCount;
  widgets::help_marker(
      "The model continues the text one character at a time with the KV cache (chapter 10). At "
      "temperature 0 it always takes its favourite; above 0 it draws each character from its "
      "probabilities (sharpened below 1, flattened above), and the same seed draws the same text.");
  draw_write_settings(state, actions.state);
  if (!state.generated.text.empty()) {
    if (state.typing.into_text)  // typed into the box above, one character at a time
      ImGui::TextWrapped("The model wrote the last %zu characters%s.", state.generated.text.size(),
                         state.typing.pending.empty() ? "" : " (still typing)");
    else
      ImGui::TextWrapped("... %s", state.generated.text.c_str());
    if (state.generated.temperature > 0.0f)
      ImGui::TextDisabled("written at temperature %.2f, seed %llu",
                          static_cast<double>(state.generated.temperature),
                          static_cast<unsigned long long>(state.generated.seed));
    else
      ImGui::TextDisabled("written greedily (temperature 0)");
  }
  ImGui::End();
}

}  // namespace am::ui

// What the model reads: the typed text, what normalization changed, the sliding window.
#include <cstring>

#include "am/model/config.hpp"
#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

void draw_text_input(AppState& state, TextInputPanelState& panel, PanelActions& actions) {
  if (!state.settings.panels.text_input) {
    panel.active = false;
    return;
  }
  if (!widgets::begin_panel("Text", &state.settings.panels.text_input, ImVec2(0.30f, 0.02f), ImVec2(480, 170))) {
    panel.active = false;
    ImGui::End();
    return;
  }
  // The state is the truth (chapters and scripts change it); the buffer follows it.
  if (state.raw_text != panel.buffer.data()) {
    const std::size_t n = std::min(state.raw_text.size(), panel.buffer.size() - 1);
    std::memcpy(panel.buffer.data(), state.raw_text.data(), n);
    panel.buffer[n] = '\0';
  }
  ImGui::SetNextItemWidth(-1.0f);
  if (panel.focus_request > 0) {
    ImGui::SetKeyboardFocusHere();
    --panel.focus_request;
  }
  if (ImGui::InputText("##text", panel.buffer.data(), panel.buffer.size())) {
    set_text(state, panel.buffer.data());
    state.generated = Generation{};
    actions.text_changed = true;
  }
  panel.active = ImGui::IsItemActive();
  if (panel.active) panel.focus_request = 0;
  const Normalized& n = state.normalized;
  if (n.text.empty()) {
    ImGui::TextDisabled("Type something: the model needs at least one character to guess from.");
  } else {
    ImGui::TextWrapped("The model reads: \"%s\"", read_text(state).c_str());
    if (n.report.changed()) ImGui::TextWrapped("Changed to fit its alphabet: %s.", n.report.summary().c_str());
    if (n.ids.size() > static_cast<std::size_t>(kContext))
      ImGui::TextWrapped("The text is %zu characters long; the model reads only the last %d, so the window slides "
                         "along as you type.",
                         n.ids.size(), kContext);
  }
  if (ImGui::Button("Write")) actions.generate = kGenerateButtonCount;
  widgets::help_marker("The model continues the text one character at a time, always taking its favourite, with "
                       "the KV cache (chapter 10).");
  if (!state.generated.text.empty()) {
    ImGui::SameLine();
    ImGui::TextWrapped("... %s", state.generated.text.c_str());
  }
  ImGui::End();
}

}  // namespace am::ui

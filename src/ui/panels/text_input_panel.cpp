// What the model reads: the typed text, what normalization changed, the sliding window.
#include <algorithm>
#include <cstring>

// ClearActiveID, the box's scroll: ImGui 1.86 has no public way to reload an active box or to
// show a box's end.
#include <imgui_internal.h>

#include "am/model/config.hpp"
#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

namespace {

// The box shows the end of the text (where typed and written characters go) whenever it is
// not being edited: ImGui 1.86 draws an idle box from its first character, so the panel
// draws the idle text itself, scrolled to its end, and the box takes the keyboard with the
// text where it was shown.
struct BoxView {
  ImGuiID id = 0;
  ImVec2 frame_min;         // the box's top-left corner (screen pixels)
  float pad_x = 0.0f;       // its frame padding
  float end_scroll = 0.0f;  // how far the text scrolls to end at the box's right side (0: it fits)
};

// The byte offset of the character boundary nearest `x` pixels into `text`, measured as
// ImGui's text editing measures.
int boundary_at(const char* text, int length, float x) {
  const float scale = ImGui::GetFontSize() / ImGui::GetFont()->FontSize;
  float left = 0.0f;
  for (int at = 0; at < length;) {
    unsigned int c = 0;
    const int bytes = ImTextCharFromUtf8(&c, text + at, text + length);
    if (bytes <= 0) break;
    const float w = ImGui::GetFont()->GetCharAdvance(static_cast<ImWchar>(c)) * scale;
    if (x < left + 0.5f * w) return at;
    left += w;
    at += bytes;
  }
  return length;
}

// Called while the box has the keyboard; acts once, in the frame the box takes it.
int on_box_active(ImGuiInputTextCallbackData* data) {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const BoxView& view = *static_cast<const BoxView*>(data->UserData);
  ImGuiInputTextState* box = ImGui::GetInputTextState(view.id);
  if (!g.ActiveIdIsJustActivated || box == nullptr) return 0;
  if (g.ActiveIdSource == ImGuiInputSource_Mouse) {
    // A click: the text stays where the idle box showed it, the cursor under the mouse
    // (ImGui placed it by the scroll the box had when last edited). A double click or
    // Ctrl+click selected: left as it is.
    if (data->SelectionStart != data->SelectionEnd) return 0;
    box->ScrollX = view.end_scroll;
    const float x = ImGui::GetIO().MousePos.x - view.frame_min.x - view.pad_x + view.end_scroll;
    data->CursorPos = data->SelectionStart = data->SelectionEnd = boundary_at(data->Buf, data->BufTextLen, x);
  } else {
    // The keyboard given back (Write, a chapter or a script changed the text under the
    // box) or by a script's "focus text": the end in view, and the cursor there, where new
    // characters go (a box new to the keyboard has its text selected: ImGui's cursor is
    // already at the end).
    box->ScrollX = view.end_scroll;
    if (data->SelectionStart == data->SelectionEnd)
      data->CursorPos = data->SelectionStart = data->SelectionEnd = data->BufTextLen;
  }
  return 0;
}

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

// The box itself: it follows the state, lets go on Esc, and shows the text's end when idle.
void draw_box(const AppState& state, TextInputPanelState& panel, PanelActions& actions) {
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
  BoxView view;
  view.id = ImGui::GetID("##text");
  view.frame_min = ImGui::GetCursorScreenPos();
  view.pad_x = ImGui::GetStyle().FramePadding.x;
  view.end_scroll = std::max(
      0.0f, ImGui::CalcTextSize(panel.buffer.data()).x - (ImGui::CalcItemWidth() - 2.0f * view.pad_x));
  // Idle and too long to fit: ImGui's own letters are hidden and the end is drawn below.
  const bool draw_end = ImGui::GetActiveID() != view.id && view.end_scroll > 0.0f;
  if (panel.focus_request > 0) {
    ImGui::SetKeyboardFocusHere();
    --panel.focus_request;
  }
  if (draw_end) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.0f, 0.0f, 0.0f, 0.0f));
  if (ImGui::InputText("##text", panel.buffer.data(), panel.buffer.size(), ImGuiInputTextFlags_CallbackAlways,
                       on_box_active, &view)) {
    actions.state.text = std::string(panel.buffer.data());
  }
  if (draw_end) {
    ImGui::PopStyleColor();
    const ImVec2 max = ImGui::GetItemRectMax();
    const ImVec4 clip(view.frame_min.x, view.frame_min.y, max.x, max.y);
    const ImVec2 at(view.frame_min.x + view.pad_x - view.end_scroll,
                    view.frame_min.y + ImGui::GetStyle().FramePadding.y);
    ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at,
                                        ImGui::GetColorU32(ImGuiCol_Text), panel.buffer.data(), nullptr, 0.0f,
                                        &clip);
  }
  panel.active = ImGui::IsItemActive();
  if (panel.active) panel.focus_request = 0;
}

// What the model reads of it: normalization's changes and the sliding window.
void draw_reads(const AppState& state) {
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
}

// What Write wrote, and how.
void draw_written(const AppState& state) {
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
  draw_box(state, panel, actions);
  draw_reads(state);
  if (ImGui::Button("Write")) actions.generate = kGenerateButtonCount;
  widgets::help_marker(
      "The model continues the text one character at a time with the KV cache (chapter 10). At "
      "temperature 0 it always takes its favourite; above 0 it draws each character from its "
      "probabilities (sharpened below 1, flattened above), and the same seed draws the same text.");
  draw_write_settings(state, actions.state);
  draw_written(state);
  ImGui::End();
}

}  // namespace am::ui

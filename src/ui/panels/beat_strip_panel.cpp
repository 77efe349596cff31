// The beat strip in the chapter column: ◀ Play ▶, which beat of how many, a scrubber
// over the beats and the speed. Space, ↑/↓ and ,/. do the same from the keyboard.
#include <algorithm>
#include <cmath>
#include <string>

#include "am/ui/beats.hpp"
#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

void draw_beat_strip(const AppState& state, StateIntents& intents) {
  const BeatScript* script = chapter_beats(state.chapter);
  bool open = true;
  if (!widgets::begin_panel("Beats###beats", &open, ImVec2(0.01f, 0.1f), ImVec2(300, 90))) {
    ImGui::End();
    return;
  }
  const int count = beat_count(state);
  if (script == nullptr || count == 0) {
    ImGui::TextDisabled(script ? "Type some text to watch it compute."
                               : "This chapter has no steps to play.");
    ImGui::End();
    return;
  }
  BeatPlayer p = state.beat;  // the buttons act on a copy; a change goes back as an intent
  p.chapter = state.chapter;
  if (ImGui::ArrowButton("##beat back", ImGuiDir_Left)) step_beat(p, -1, count);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The beat before (Up arrow or ,)");
  ImGui::SameLine();
  // One width for both labels: the row keeps its layout when playing starts or stops.
  const float play_w = ImGui::CalcTextSize("Pause").x + 2.0f * ImGui::GetStyle().FramePadding.x;
  if (ImGui::Button(p.playing ? "Pause##beat" : "Play##beat", ImVec2(play_w, 0.0f))) toggle_beats(p, count);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Watch it compute, step by step (Space)");
  ImGui::SameLine();
  if (ImGui::ArrowButton("##beat on", ImGuiDir_Right)) step_beat(p, 1, count);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The next beat (Down arrow or .)");
  // Which beat, beside the buttons: in words when they fit, else as "9/48" (a narrow
  // column), else under them.
  std::string where = p.index < 0 ? "steps: " + std::to_string(count)
                                  : "step " + std::to_string(p.index + 1) + " of " + std::to_string(count);
  ImGui::SameLine();
  if (ImGui::CalcTextSize(where.c_str()).x > ImGui::GetContentRegionAvail().x && p.index >= 0)
    where = std::to_string(p.index + 1) + "/" + std::to_string(count);
  if (ImGui::CalcTextSize(where.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
  ImGui::TextUnformatted(where.c_str());
  // The scrubber runs over the beats: its whole part is the beat, the rest how far into it.
  float at = p.index < 0 ? static_cast<float>(count) : static_cast<float>(p.index + p.progress);
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::SliderFloat("##scrub", &at, 0.0f, static_cast<float>(count), "")) {
    p.playing = false;
    p.index = std::clamp(static_cast<int>(std::floor(at)), 0, count - 1);
    p.progress = std::clamp(static_cast<double>(at) - p.index, 0.0, 1.0);
  }
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::SliderFloat("##speed", &p.speed, kMinBeatSpeed, kMaxBeatSpeed, "speed %.2fx",
                     ImGuiSliderFlags_Logarithmic);
  if (!(p == state.beat)) intents.beat = p;
  ImGui::End();
}

}  // namespace am::ui

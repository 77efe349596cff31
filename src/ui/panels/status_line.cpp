// One line at the bottom: the last message, then where we are, what is pulled, background work.
#include "am/model/head_mask.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/text_format.hpp"
#include "am/ui/word_wrap.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

void draw_status_line(const AppState& state, const StatusView& view) {
  if (!state.settings.panels.status_line) return;
  // The foot of the narrative column, or a strip along the window's bottom without a frame.
  const ImGuiIO& io = ImGui::GetIO();
  const float height = ImGui::GetFrameHeightWithSpacing();
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8.0f, 2.0f));
  const float bottom = io.DisplaySize.y > 0.0f ? (io.DisplaySize.y - height) / io.DisplaySize.y : 0.0f;
  const bool shown = widgets::begin_panel("##status", nullptr, ImVec2(0.0f, bottom),
                                          ImVec2(io.DisplaySize.x, height), flags);
  ImGui::PopStyleVar();
  if (shown) {
    std::vector<std::string> fields = {
        "chapter " + std::to_string(state.chapter) + " of " + std::to_string(kChapterCount - 1),
        "step " + fmt_int(state.step),
        state.pulled.any() ? "pulled: " + state.pulled.to_string(", ") : std::string("all heads in"),
        "plate " + head_name(state.selected_layer, state.selected_head)};
    if (view.cached < view.to_cache)
      fields.push_back("preparing checkpoints " + std::to_string(view.cached) + "/" + std::to_string(view.to_cache));
    if (view.frame_ms > 0.0) fields.push_back(fmt_fixed(view.frame_ms, 1) + " ms");
    if (!state.quality_active.empty())
      fields.push_back("quality " + state.quality_active + (state.settings.quality == QualityChoice::kAuto ? " (auto)" : ""));
    fields.push_back("F1: help");
    // The strip is one line high and never wraps (a wrap at its edge stacked the letters of
    // a word): the newest message comes first, then the whole fields that still fit.
    const OneLine fitted =
        fit_one_line(state.status, fields, ImGui::GetContentRegionAvail().x,
                     [](std::string_view s) { return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x; });
    ImGui::PushTextWrapPos(-1.0f);
    if (!fitted.message.empty()) {
      if (state.status_is_error) ImGui::PushStyleColor(ImGuiCol_Text, widgets::colour_error());
      ImGui::TextUnformatted(fitted.message.c_str());
      if (state.status_is_error) ImGui::PopStyleColor();
      // A message cut short (a picture's path, a file's error) reads whole under the mouse.
      if (fitted.message != state.status && ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
        ImGui::TextUnformatted(state.status.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      if (!fitted.fields.empty()) ImGui::SameLine(0.0f, 0.0f);
    }
    if (!fitted.fields.empty()) ImGui::TextUnformatted(fitted.fields.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace am::ui

// One line at the bottom: the last message, then where we are, what is pulled, background work.
#include "am/model/head_mask.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/text_format.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

void draw_status_line(AppState& state, const StatusView& view) {
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
    std::string line =
        "chapter " + std::to_string(state.chapter) + " of " + std::to_string(kChapterCount - 1) +
        "  |  step " + fmt_int(state.step) + "  |  " +
        (state.pulled.any() ? "pulled: " + state.pulled.to_string() : std::string("all heads in")) +
        "  |  plate " + head_name(state.selected_layer, state.selected_head);
    if (view.cached < view.to_cache)
      line +=
          "  |  preparing checkpoints " + std::to_string(view.cached) + "/" + std::to_string(view.to_cache);
    if (view.frame_ms > 0.0) line += "  |  " + fmt_fixed(view.frame_ms, 1) + " ms";
    if (!state.quality_active.empty())
      line += "  |  quality " + state.quality_active + (state.settings.quality == 0 ? " (auto)" : "");
    // The strip is one line high: the newest message comes first, so that a long line
    // loses its right end (where we are), never the message.
    if (!state.status.empty()) {
      if (state.status_is_error) ImGui::PushStyleColor(ImGuiCol_Text, widgets::colour_error());
      ImGui::TextUnformatted(state.status.c_str());
      if (state.status_is_error) ImGui::PopStyleColor();
      ImGui::SameLine(0.0f, 0.0f);
      ImGui::TextUnformatted("  |  ");
      ImGui::SameLine(0.0f, 0.0f);
    }
    ImGui::TextUnformatted((line + "  |  F1: help").c_str());
  }
  ImGui::End();
}

}  // namespace am::ui

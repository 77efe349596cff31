// The rack: pull heads out (toggles), accuracy with this ablation now and across
// training.
#include <algorithm>
#include <cmath>

#include "am/model/head_mask.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/text_format.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

// The curve across training: as tall as the slot allows, within these (pixels).
constexpr float kRackChartMin = 36.0f, kRackChartMax = 70.0f;

// Copy accuracy across training, with this ablation: the legend first, then the curves
// in what the slot has left (the frame gives the rack the inspector's rows when it needs
// them: fit_to_needs).
void draw_rack_curve(const AppState& state, const RackView& view) {
  if (!view.training || view.training->checkpoints.size() < 2) return;
  std::vector<widgets::Series> series;
  std::vector<float> intact;
  for (const auto& c : view.training->checkpoints)
    intact.push_back(c.nonsense_accuracy ? static_cast<float>(*c.nonsense_accuracy) : NAN);
  series.push_back({intact, widgets::colour_accuracy(), "all heads", 0.0f, 1.0f});
  if (state.pulled.any() && !view.across_training.empty()) {
    std::vector<float> ablated;
    for (const auto& v : view.across_training) ablated.push_back(v ? static_cast<float>(*v) : NAN);
    series.push_back({ablated, widgets::colour_ablated(), "this ablation", 0.0f, 1.0f});
  }
  ImGui::TextUnformatted("Across training:");
  for (const auto& s : series) {
    widgets::same_line_if_room(ImGui::CalcTextSize(s.label.c_str()).x);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(s.colour));
    ImGui::TextUnformatted(s.label.c_str());
    ImGui::PopStyleColor();
  }
  const float chart_h = std::clamp(ImGui::GetContentRegionAvail().y, kRackChartMin, kRackChartMax);
  widgets::flexible_height(chart_h - kRackChartMin);
  widgets::draw_chart("rack_curve", view.training->steps(), series, state.step, {}, chart_h);
}

}  // namespace

void draw_rack(const AppState& state, const RackView& view, PanelActions& actions) {
  if (!state.settings.panels.rack) return;
  if (!widgets::begin_shown_panel("Rack of heads", &PanelVisibility::rack, state, actions.state,
                                  ImVec2(0.72f, 0.58f), ImVec2(320, 300))) {
    ImGui::End();
    return;
  }
  widgets::text_wrapped_whole("Checked = in the rack. Click a plate's name to lift it.", true);
  // As many heads to a row as the column is wide for: four, two, or one in a narrow column.
  const float head_w = ImGui::GetFrameHeight() + 2.0f + ImGui::CalcTextSize("L0H0").x + 14.0f;
  const int fits = static_cast<int>((ImGui::GetContentRegionAvail().x + 14.0f) / head_w);
  const int per_row = fits >= kHeads ? kHeads : (fits >= 2 ? 2 : 1);
  for (int l = 0; l < kLayers; ++l) {
    for (int h = 0; h < kHeads; ++h) {
      ImGui::PushID(l * kHeads + h);
      bool in_place = !state.pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
      if (ImGui::Checkbox("##in", &in_place)) {
        HeadMask pulled = actions.state.pulled.value_or(state.pulled);
        pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] = !in_place;
        actions.state.pulled = pulled;
      }
      ImGui::SameLine(0.0f, 2.0f);
      const bool lifted = state.selected_layer == l && state.selected_head == h;
      if (ImGui::Selectable(head_name(l, h).c_str(), lifted, 0, ImVec2(ImGui::CalcTextSize("L0H0").x, 0))) {
        actions.state.lift = std::make_pair(l, h);
      }
      ImGui::PopID();
      if ((h + 1) % per_row != 0) ImGui::SameLine(0.0f, 14.0f);
    }
  }
  ImGui::BeginDisabled(!state.pulled.any());
  if (ImGui::Button("Push all back")) {
    actions.state.pulled = HeadMask{};
  }
  ImGui::EndDisabled();
  ImGui::Separator();

  ImGui::TextUnformatted("Repeated nonsense, right the second time:");
  const std::string pulled =
      state.pulled.any() ? state.pulled.to_string(", ") + " pulled" : "all heads in place";
  if (view.live_accuracy) {
    widgets::text_wrapped_whole(fmt_percent(*view.live_accuracy) + " at step " + fmt_int(state.step) + ", " +
                                pulled);
  } else if (view.live_available) {
    ImGui::TextDisabled("recounting (%s)...", pulled.c_str());
  } else if (view.analysis && view.analysis->step == state.step &&
             view.analysis->accuracy_with(state.pulled)) {
    widgets::text_wrapped_whole(fmt_percent(*view.analysis->accuracy_with(state.pulled)) + ", " + pulled +
                                " (from the analysis)");
  } else {
    widgets::text_wrapped_whole(
        "The live recount is not part of this build, and the analysis did not measure this case.", true);
  }
  if (view.analysis) {
    widgets::text_wrapped_whole("analysis, step " + fmt_int(view.analysis->step) + ": all heads " +
                                    fmt_percent(view.analysis->accuracy),
                                true);
  }

  draw_rack_curve(state, view);
  ImGui::End();
}

}  // namespace am::ui

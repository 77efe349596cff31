// The drum: scrub through training checkpoints (snapping), play/pause, and the
// loss and accuracy curves with the current step marked.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "am/ui/panels.hpp"
#include "am/ui/playback.hpp"
#include "am/ui/text_format.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

std::vector<float> column(const TrainingRecord& t, std::optional<double> CheckpointMetrics::*field) {
  std::vector<float> v;
  for (const auto& c : t.checkpoints) v.push_back((c.*field) ? static_cast<float>(*(c.*field)) : NAN);
  return v;
}

// The curves: as tall as the bar allows, within these (pixels).
constexpr float kDrumChartMin = 24.0f, kDrumChartMax = 90.0f;

// Chapter 8 compares the runs: there the drum overlays the other run's copy accuracy.
constexpr int kRunsChapter = 8;

// Another run's copy accuracy at these steps: linear between its own checkpoints,
// NaN outside them.
std::vector<float> other_accuracy_at(const TrainingRecord& other, const std::vector<std::int64_t>& steps) {
  std::vector<std::pair<std::int64_t, double>> points;
  for (const auto& c : other.checkpoints)
    if (c.nonsense_accuracy) points.emplace_back(c.step, *c.nonsense_accuracy);
  std::vector<float> v;
  for (std::int64_t s : steps) {
    float value = NAN;
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (points[i].first == s) {
        value = static_cast<float>(points[i].second);
        break;
      }
      if (i + 1 < points.size() && s > points[i].first && s < points[i + 1].first) {
        const double f = static_cast<double>(s - points[i].first) /
                         static_cast<double>(points[i + 1].first - points[i].first);
        value = static_cast<float>(points[i].second + f * (points[i + 1].second - points[i].second));
        break;
      }
    }
    v.push_back(value);
  }
  return v;
}

// The note and the legend, after the checkpoint's number: a piece that no longer fits
// the row starts the next, whole.
void draw_legend(const std::string& note, const std::vector<widgets::Series>& series) {
  if (!note.empty()) {
    widgets::same_line_if_room(ImGui::CalcTextSize(note.c_str()).x);
    ImGui::TextDisabled("%s", note.c_str());
  }
  for (const auto& s : series) {
    widgets::same_line_if_room(ImGui::CalcTextSize(s.label.c_str()).x);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(s.colour));
    ImGui::TextUnformatted(s.label.c_str());
    ImGui::PopStyleColor();
  }
}

// The loss and copy accuracy at this checkpoint, and what the thin lines mark: one line,
// wrapped at spaces (never inside a number).
void draw_checkpoint_numbers(const CheckpointMetrics& now, bool marked) {
  std::string line;
  if (now.train_loss)
    line += "loss " + fmt_fixed(nats_to_bits(*now.train_loss), 3) + kUnitSpace + "bits per character";
  if (now.nonsense_accuracy)
    line += (line.empty() ? "" : " · ") + std::string("copy ") + fmt_percent(*now.nonsense_accuracy);
  if (marked) line += (line.empty() ? "" : " · ") + std::string("thin lines: the sudden change");
  if (!line.empty()) widgets::text_wrapped_whole(line, true);
}

}  // namespace

bool draw_run_menu(const AppState& state, const DrumView& view, StateIntents& intents) {
  std::string title = state.run;
  for (const auto& [name, t] : view.runs)
    if (name == state.run) title = t;
  if (view.runs.size() < 2) {
    if (!title.empty()) ImGui::TextDisabled("Run: %s", title.c_str());
    return !title.empty();
  }
  // A share of the row, so Play and the slider fit beside it and the curves keep their height.
  ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x * 0.36f, ImGui::GetFontSize() * 8.0f));
  if (ImGui::BeginCombo("##run", ("run: " + state.run).c_str())) {
    // A run trained or opened here is not in the weights folder's list: it heads the list,
    // chosen, so the menu names what its label says.
    const bool listed =
        std::any_of(view.runs.begin(), view.runs.end(), [&](const auto& r) { return r.first == state.run; });
    if (!listed && !state.run.empty()) ImGui::Selectable((state.run + " (on the drum now)").c_str(), true);
    for (const auto& [name, t] : view.runs)
      if (ImGui::Selectable(t.c_str(), name == state.run) && name != state.run) intents.run = name;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The training run on the drum: %s", title.c_str());
  return true;
}

void draw_drum(const AppState& state, const DrumView& view, PanelActions& actions) {
  if (!state.settings.panels.drum) return;
  if (!widgets::begin_shown_panel("Training drum", &PanelVisibility::drum, state, actions.state,
                                  ImVec2(0.30f, 0.74f), ImVec2(480, 230))) {
    ImGui::End();
    return;
  }
  if (!view.training || view.training->checkpoints.empty()) {
    ImGui::TextDisabled("No training run is loaded: the manifest lists no checkpoints.");
    ImGui::End();
    return;
  }
  const bool run_shown = draw_run_menu(state, view, actions.state);
  const TrainingRecord& t = *view.training;
  const std::vector<std::int64_t> steps = t.steps();
  if (steps.size() == 1) {
    ImGui::TextWrapped("Only one checkpoint (step %s) is loaded, so there is nothing to turn.",
                       fmt_int(steps.front()).c_str());
    ImGui::End();
    return;
  }
  int index = static_cast<int>(t.nearest_index(state.step));
  // The run, Play and the slider share a row: the bottom bar is a few rows high.
  if (run_shown) ImGui::SameLine();
  if (ImGui::Button(state.playing ? "Pause" : "Play")) actions.state.toggle_playing = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play through training (P)");
  ImGui::SameLine();
  // The playback speed, beside Play.
  char speed[16];
  std::snprintf(speed, sizeof speed, "%g\u00d7", state.play_speed);
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("0.25\u00d7").x + ImGui::GetFrameHeight() + 8.0f);
  if (ImGui::BeginCombo("##speed", speed)) {
    for (double s : kPlaySpeeds) {
      std::snprintf(speed, sizeof speed, "%g\u00d7", s);
      if (ImGui::Selectable(speed, s == state.play_speed) && s != state.play_speed)
        actions.state.play_speed = s;
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("How fast the drum plays through training");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  // The slider moves over checkpoint indices, so every position is a real checkpoint.
  if (ImGui::SliderInt("##drum", &index, 0, static_cast<int>(steps.size()) - 1, view.slider_label.c_str())) {
    actions.state.step = steps[static_cast<std::size_t>(index)];
  }
  std::vector<widgets::Series> series;
  std::vector<float> loss_bits = column(t, &CheckpointMetrics::train_loss);  // stored in nats
  for (float& v : loss_bits) v = static_cast<float>(nats_to_bits(v));
  series.push_back({std::move(loss_bits), widgets::colour_loss(), "training loss (bits)"});
  if (t.has_accuracy())
    series.push_back({column(t, &CheckpointMetrics::nonsense_accuracy), widgets::colour_accuracy(),
                      "copy accuracy", 0.0f, 1.0f});
  if (view.other && view.other->has_accuracy() && state.chapter == kRunsChapter)
    series.push_back({other_accuracy_at(*view.other, steps), widgets::colour_other_run(),
                      "copy accuracy, " + view.other_title, 0.0f, 1.0f});
  if (state.pulled.any() && !view.ablated_accuracy.empty()) {
    std::vector<float> ablated;
    for (const auto& v : view.ablated_accuracy) ablated.push_back(v ? static_cast<float>(*v) : NAN);
    series.push_back(
        {ablated, widgets::colour_ablated(), "with " + state.pulled.to_string(", ") + " pulled", 0.0f, 1.0f});
  }
  std::vector<std::int64_t> marks;
  const PhaseThresholds thresholds = view.analysis ? view.analysis->phase_thresholds : PhaseThresholds{};
  if (const auto phase = find_phase_change(t, thresholds)) marks = {phase->before_step, phase->after_step};
  ImGui::Text("checkpoint %d of %zu", index + 1, steps.size());
  draw_legend(view.progress_note, series);
  draw_checkpoint_numbers(t.checkpoints[static_cast<std::size_t>(index)], !marks.empty());
  // The curves fill what the bar leaves under the words (the bar grows to give them
  // their smallest height: fit_to_needs).
  const float chart_h = std::clamp(ImGui::GetContentRegionAvail().y, kDrumChartMin, kDrumChartMax);
  widgets::flexible_height(chart_h - kDrumChartMin);
  widgets::draw_chart("curves", steps, series, state.step, marks, chart_h);
  ImGui::End();
}

}  // namespace am::ui

// The training panel: recipe, text, controls, progress and the saved runs.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "am/ui/text_format.hpp"
#include "am/ui/training_panel.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

constexpr const char* kPresetIds[] = {"shipped", "plain", "custom"};
constexpr const char* kPresetLabels[] = {"the shipped recipe", "plain novels (no repeated passages)",
                                         "custom"};

template <std::size_t N>
std::string text_of(const std::array<char, N>& a) {
  return std::string(a.data(), strnlen(a.data(), N));
}

// A field with its label after it, as wide as the column leaves room for (at most `ems` em).
void field_width(const char* label, float ems) {
  const float room =
      ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(label).x - ImGui::GetStyle().ItemInnerSpacing.x;
  ImGui::SetNextItemWidth(std::max(ImGui::GetFontSize() * 3.0f, std::min(ImGui::GetFontSize() * ems, room)));
}

void setting(const char* label, const char* flag, char* buffer, std::size_t size, TrainingRequest& r) {
  field_width(label, 6.0f);
  ImGui::InputText(label, buffer, size);
  if (buffer[0] != '\0') r.settings[flag] = buffer;
}

void progress_bar(const GrowingRun& g) {
  const float fraction = g.progress.steps > 0 && g.progress.step >= 0
                             ? static_cast<float>(g.progress.step) / static_cast<float>(g.progress.steps)
                             : 0.0f;
  const std::string overlay = g.progress.step >= 0
                                  ? "step " + fmt_int(g.progress.step) + " of " + fmt_int(g.progress.steps)
                                  : grow::phase_name(g.progress.phase);
  ImGui::ProgressBar(fraction, ImVec2(-1.0f, 0.0f), overlay.c_str());
  std::string line = grow::phase_name(g.progress.phase);
  if (g.progress.step > 0)
    line += " \u00b7 loss " + fmt_fixed(g.progress.loss_smoothed / std::log(2.0), 3) + " bits/char \u00b7 " +
            fmt_large(g.progress.chars_per_second) + " characters/s";
  if (g.progress.phase == grow::Phase::kTraining && g.progress.step > 0)
    line += " \u00b7 about " + fmt_int(static_cast<std::int64_t>(std::lround(g.progress.seconds_left))) +
            " s left";
  ImGui::TextWrapped("%s", line.c_str());
  ImGui::TextWrapped("%s checkpoints saved, %s measured",
                     fmt_int(static_cast<std::int64_t>(g.progress.checkpoints)).c_str(),
                     fmt_int(static_cast<std::int64_t>(g.progress.measured)).c_str());
  if (g.progress.phase == grow::Phase::kAnalysing && g.progress.analysis_total > 0)
    ImGui::ProgressBar(
        static_cast<float>(g.progress.analysed) / static_cast<float>(g.progress.analysis_total),
        ImVec2(-1.0f, 0.0f), "analysing");
}

void saved_runs(const TrainingPanelView& view, TrainingPanelState& panel, TrainingActions& actions,
                bool busy) {
  if (!ImGui::CollapsingHeader("Saved runs", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (!view.shown_run.empty() && ImGui::SmallButton("Back to the shipped run")) actions.open_shipped = true;
  if (view.saved.empty()) ImGui::TextDisabled("No saved run yet.");
  for (const SavedRunEntry& r : view.saved) {
    ImGui::PushID(r.name.c_str());
    const bool shown = r.name == view.shown_run;
    ImGui::TextWrapped("%s%s \u00b7 %s \u00b7 %s \u00b7 %s checkpoints", r.name.c_str(),
                       shown ? " (shown)" : "", r.preset.c_str(), r.status.c_str(),
                       fmt_int(static_cast<std::int64_t>(r.checkpoints)).c_str());
    ImGui::BeginDisabled(busy && (view.run && view.run->progress.run_name == r.name));
    if (r.checkpoints > 0 && ImGui::SmallButton("Open")) actions.open_run = r.name;
    if (r.status == "closed mid-way") {
      ImGui::SameLine();
      if (ImGui::SmallButton("Continue")) actions.continue_run = r.name;
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("Rename")) {
      panel.renaming = r.name;
      panel.new_name = {};
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("Delete")) panel.pending_delete = r.name;
    ImGui::EndDisabled();
    if (panel.renaming == r.name) {
      field_width("new name", 10.0f);
      ImGui::InputText("new name", panel.new_name.data(), panel.new_name.size());
      ImGui::SameLine();
      if (ImGui::SmallButton("OK")) {
        actions.rename = std::make_pair(r.name, text_of(panel.new_name));
        panel.renaming.clear();
      }
      ImGui::SameLine();
      if (ImGui::SmallButton("Cancel")) panel.renaming.clear();
    }
    if (panel.pending_delete == r.name) {
      ImGui::TextColored(widgets::colour_error(), "Delete run %s and all its checkpoints?", r.name.c_str());
      if (ImGui::SmallButton("Yes, delete")) {
        actions.remove = r.name;
        panel.pending_delete.clear();
      }
      ImGui::SameLine();
      if (ImGui::SmallButton("No")) panel.pending_delete.clear();
    }
    ImGui::PopID();
  }
}

}  // namespace

void draw_training_panel(const AppState& state, const TrainingPanelView& view, TrainingPanelState& panel,
                         TrainingActions& actions) {
  const GrowingRun* g = view.run;
  const bool busy = g && g->running();
  if (state.chapter != kGrowChapter && !busy) return;
  // Chapter 11 gives it the rack's slot; elsewhere (a run going on) it is a movable dialog.
  const char* title = state.chapter == kGrowChapter ? "Training###Rack of heads" : "Training";
  if (!widgets::begin_panel(title, nullptr, ImVec2(0.72f, 0.08f), ImVec2(360, 420))) {
    ImGui::End();
    return;
  }
  if (!g) {
    ImGui::TextWrapped("Training is not available in this build.");
    ImGui::End();
    return;
  }
  ImGui::BeginDisabled(busy);
  // The recipes as choices with their words wrapped: a narrow column never cuts them.
  for (int i = 0; i < IM_ARRAYSIZE(kPresetLabels); ++i) {
    ImGui::PushID(i);
    if (ImGui::RadioButton("##preset", panel.preset == i)) panel.preset = i;
    ImGui::PopID();
    ImGui::SameLine();
    ImGui::TextWrapped("%s", kPresetLabels[i]);
    if (ImGui::IsItemClicked()) panel.preset = i;
  }
  TrainingRequest request;
  request.preset = kPresetIds[panel.preset];
  if (panel.preset == 2) {
    setting("repeat share", "repeat-share", panel.repeat_share.data(), panel.repeat_share.size(), request);
    setting("shortest passage", "repeat-min", panel.repeat_min.data(), panel.repeat_min.size(), request);
    setting("longest passage", "repeat-max", panel.repeat_max.data(), panel.repeat_max.size(), request);
    setting("learning rate", "lr", panel.lr.data(), panel.lr.size(), request);
  }
  setting("steps", "steps", panel.steps.data(), panel.steps.size(), request);
  setting("seed", "seed", panel.seed.data(), panel.seed.size(), request);
  ImGui::TextDisabled("Empty fields keep the shipped recipe's values.");
  ImGui::Checkbox("my own text", &panel.own_text);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("a UTF-8 file or a folder of them");
  if (panel.own_text) {
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputText("##path", panel.path.data(), panel.path.size());
    request.own_text = text_of(panel.path);
  }
  field_width("run name", 10.0f);
  ImGui::InputText("run name", panel.name.data(), panel.name.size());
  request.name = text_of(panel.name);
  if (ImGui::Button("Train")) actions.start = request;
  ImGui::EndDisabled();
  // Where the learner is looking: the status line alone cut a long reason short.
  if (!view.start_error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, widgets::colour_error());
    widgets::text_wrapped_whole(view.start_error);
    ImGui::PopStyleColor();
  }

  if (busy) {
    ImGui::SameLine();
    if (g->progress.phase == grow::Phase::kPaused) {
      if (ImGui::Button("Resume")) actions.resume = true;
    } else if (g->progress.phase == grow::Phase::kTraining) {
      if (ImGui::Button("Pause")) actions.pause = true;
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(g->progress.phase == grow::Phase::kStopping ||
                         g->progress.phase == grow::Phase::kAnalysing);
    if (ImGui::Button("Stop")) actions.stop = true;
    ImGui::EndDisabled();
  }
  if (!g->progress.run_name.empty()) {
    ImGui::Separator();
    ImGui::TextWrapped("Run %s (%s)", g->progress.run_name.c_str(), g->progress.preset.c_str());
    progress_bar(*g);
    if (!g->progress.corpus_report.empty()) ImGui::TextWrapped("%s", g->progress.corpus_report.c_str());
  }
  if (!g->progress.message.empty()) {
    const bool error = g->progress.phase == grow::Phase::kFailed;
    if (error) ImGui::PushStyleColor(ImGuiCol_Text, widgets::colour_error());
    ImGui::TextWrapped("%s", g->progress.message.c_str());
    if (error) ImGui::PopStyleColor();
  }
  ImGui::Separator();
  saved_runs(view, panel, actions, busy);
  ImGui::End();
}

}  // namespace am::ui

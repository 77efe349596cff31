#include "prediction_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <numeric>

#include "am/model/alphabet.hpp"
#include "am/model/config.hpp"

namespace am::app {
namespace {

std::string printable(int id) {
  const char c = id_to_char(id);
  if (c == ' ') return "(space)";
  return std::string(1, c);
}

}  // namespace

void PredictionPanel::set_text(const std::string& text) {
  buffer.fill('\0');
  std::copy_n(text.begin(), std::min(text.size(), buffer.size() - 1), buffer.begin());
}

bool PredictionPanel::draw(const Weights& weights, const std::string& checkpoint_file, const MachineView& view) {
  ImGui::SetNextWindowPos(ImVec2(16, 16), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(380, 230), ImGuiCond_FirstUseEver);
  ImGui::Begin("Next character");
  ImGui::TextWrapped("Checkpoint: step %lld (%s)", static_cast<long long>(weights.step), checkpoint_file.c_str());
  const bool changed = ImGui::InputText("text", buffer.data(), buffer.size());
  const Normalized& normalized = view.normalized();
  ImGui::TextWrapped("The model reads: \"%s\"", view.input().text.c_str());
  if (normalized.report.changed()) ImGui::TextWrapped("Normalized: %s", normalized.report.summary().c_str());
  if (normalized.ids.size() > static_cast<std::size_t>(kContext))
    ImGui::TextWrapped("Longer than %d characters: the model reads only the last %d.", kContext, kContext);
  ImGui::Separator();
  const Activations& acts = view.activations();
  const int T = acts.length();
  if (T == 0) {
    ImGui::TextUnformatted("Type something: the model needs at least one character.");
  } else {
    const float* probs = acts.probs + (T - 1) * kVocab;
    std::array<int, kVocab> order{};
    std::iota(order.begin(), order.end(), 0);
    std::partial_sort(order.begin(), order.begin() + 5, order.end(), [&](int a, int b) { return probs[a] > probs[b]; });
    for (std::size_t i = 0; i < 5; ++i) {
      char overlay[32];
      std::snprintf(overlay, sizeof overlay, "%.1f %%", 100.0 * probs[order[i]]);
      ImGui::Text("%-8s", printable(order[i]).c_str());
      ImGui::SameLine();
      ImGui::ProgressBar(probs[order[i]], ImVec2(-1, 0), overlay);
    }
  }
  ImGui::End();
  return changed;
}

}  // namespace am::app

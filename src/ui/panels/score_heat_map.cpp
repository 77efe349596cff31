// Chapter 6's table of head × score: every head against the field's standard scores
// (analysis.json "circuit"), shaded by value, the number and its meaning on hover.
#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "am/ui/panels.hpp"
#include "am/ui/text_format.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

struct ScoreColumn {
  const char* title;
  const char* meaning;
  double (*value)(const AnalysisSummary&, int layer, int head);
  bool signed_score;  // -1 .. 1 instead of 0 .. 1
};

const CircuitHead& ch(const AnalysisSummary& a, int l, int h) {
  return a.circuit->heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
}

const HeadScores& hs(const AnalysisSummary& a, int l, int h) {
  return a.heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
}

// Each score from one source: where the chapters quote a score (one back, copies, induction
// on repeated nonsense, spaces), the table reads the same field of analysis.json.
const ScoreColumn kColumns[] = {
    {"back", "one back: attention on the character just before, on novel text",
     [](const AnalysisSummary& a, int l, int h) { return hs(a, l, h).previous; }, false},
    {"dup", "dup (duplicate): attention on earlier copies of the current character, on repeated nonsense",
     [](const AnalysisSummary& a, int l, int h) { return hs(a, l, h).duplicate; }, false},
    {"ind", "ind (induction): attention on what followed the current character last time, on novel text",
     [](const AnalysisSummary& a, int l, int h) { return ch(a, l, h).induction_novel; }, false},
    {"ind*", "ind* (induction, repeated): the same, on repeated nonsense, where copying always pays",
     [](const AnalysisSummary& a, int l, int h) { return hs(a, l, h).induction; }, false},
    {"prefix", "prefix: on random letters written twice, attention on the letter after the earlier copy",
     [](const AnalysisSummary& a, int l, int h) { return ch(a, l, h).prefix_matching; }, false},
    {"copy", "copy: how much the head's output raises the very character it reads, from -1 to 1",
     [](const AnalysisSummary& a, int l, int h) { return ch(a, l, h).copying; }, true},
    {"gaps", "gaps: attention on spaces, on novel text",
     [](const AnalysisSummary& a, int l, int h) { return hs(a, l, h).space; }, false},
};

// Brass for high values, dark for low; a signed score maps -1 .. 1 onto the same ramp.
ImU32 shade(double v, bool signed_score) {
  double t = signed_score ? (v + 1.0) / 2.0 : v;
  t = std::clamp(t, 0.0, 1.0);
  const auto mix = [&](int lo, int hi) { return static_cast<int>(std::lround(lo + (hi - lo) * t)); };
  return IM_COL32(mix(30, 225), mix(30, 170), mix(36, 70), 255);
}

}  // namespace

void draw_score_heat_map(const AnalysisSummary& a) {
  if (!a.circuit) return;
  constexpr int kCols = static_cast<int>(sizeof(kColumns) / sizeof(kColumns[0]));
  ImGui::Separator();
  ImGui::TextUnformatted("Every head against the field's scores (hover a cell)");
  // Fixed columns as wide as their titles: a narrow column scrolls sideways, never wraps or cuts.
  // (NoHostExtendY is not for a scrolling table: with ScrollX it cut off everything the
  // panel drew after the table, Reveal's feedback and Try this, at 1024x768.)
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
  const float row_h = ImGui::GetTextLineHeightWithSpacing() + 2.0f;
  const float height =
      row_h * static_cast<float>(kLayers * kHeads + 1) + ImGui::GetStyle().ScrollbarSize + 4.0f;
  // What each column measures, in words (brass = high), above the table: wrapped just after
  // a table that scrolls sideways, they took its width every other frame, so the panel's
  // height swung by hundreds of pixels and the text below the table could not be scrolled to.
  for (const ScoreColumn& c : kColumns) widgets::text_wrapped_whole(c.meaning, true);
  if (!ImGui::BeginTable("scoremap", kCols + 1, flags, ImVec2(0.0f, height))) return;
  const float cell_w = ImGui::CalcTextSize("prefix").x + 6.0f;
  ImGui::TableSetupColumn("head", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("L0H0").x + 4.0f);
  for (const ScoreColumn& c : kColumns)
    ImGui::TableSetupColumn(c.title, ImGuiTableColumnFlags_WidthFixed, cell_w);
  ImGui::TableHeadersRow();
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(head_name(l, h).c_str());
      for (int k = 0; k < kCols; ++k) {
        const ScoreColumn& col = kColumns[k];
        const double v = col.value(a, l, h);
        ImGui::TableSetColumnIndex(k + 1);
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, shade(v, col.signed_score));
        ImGui::PushID(l * kHeads * kCols + h * kCols + k);
        ImGui::InvisibleButton("cell", ImVec2(cell_w, ImGui::GetTextLineHeight()));
        ImGui::PopID();
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("%s: %s\n%s", head_name(l, h).c_str(),
                            col.signed_score ? fmt_fixed(v, 2).c_str() : fmt_percent(v).c_str(),
                            col.meaning);
      }
    }
  ImGui::EndTable();
}

}  // namespace am::ui

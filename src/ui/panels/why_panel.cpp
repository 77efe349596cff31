// "Why 'l'?": the waterfall of the explained score, part by part (embed, pos, each head,
// each MLP, bias), and the patching heat map (head × place) with the corrupted text's box.
// Hovering a bar lights its part in the machine (state.tracing.hovered_part); a part hovered
// in the machine lights its bar (machine_part).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "am/model/alphabet.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/text_format.hpp"
#include "am/ui/tracing_state.hpp"
#include "am/ui/tracing_words.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

namespace {

// Copper for +, blue for −, as the tubes.
ImU32 share_colour(double v, double scale) {
  const float t = static_cast<float>(std::sqrt(std::min(std::abs(v) / std::max(scale, 1e-9), 1.0)));
  const ImVec4 pole = v >= 0.0 ? ImVec4(0.86f, 0.38f, 0.10f, 1.0f) : ImVec4(0.10f, 0.32f, 0.88f, 1.0f);
  const ImVec4 grey(0.30f, 0.30f, 0.32f, 1.0f);
  return ImGui::GetColorU32(ImVec4(grey.x + (pole.x - grey.x) * t, grey.y + (pole.y - grey.y) * t,
                                   grey.z + (pole.z - grey.z) * t, 1.0f));
}

void draw_waterfall(const AppState& state, StateIntents& intents, const analysis::Attribution& a,
                    int machine_part) {
  // The running sum's range, so every bar and the total fit.
  double lo = 0.0, hi = 0.0, run = 0.0, largest = 1e-9;
  for (double v : a.parts) {
    run += v;
    lo = std::min(lo, run);
    hi = std::max(hi, run);
    largest = std::max(largest, std::abs(v));
  }
  const float label_w = ImGui::CalcTextSize("mlp2 ").x, value_w = ImGui::CalcTextSize("+10.00").x;
  const float width = std::max(ImGui::GetContentRegionAvail().x - label_w - value_w, 40.0f);
  const float row_h = ImGui::GetTextLineHeight();
  const auto x_of = [&](double v) { return static_cast<float>((v - lo) / std::max(hi - lo, 1e-9)) * width; };
  ImDrawList* draw = ImGui::GetWindowDrawList();
  run = 0.0;
  int hovered = -1;
  for (int i = 0; i <= analysis::kAttributionParts; ++i) {
    const bool total = i == analysis::kAttributionParts;
    const double v = total ? a.logit : a.parts[static_cast<std::size_t>(i)];
    const double from = total ? 0.0 : run, to = total ? a.logit : run + v;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const std::string name = total ? "=" : analysis::attribution_part_name(i);
    draw->AddText(p, ImGui::GetColorU32(ImGuiCol_Text), name.c_str());
    const float x0 = p.x + label_w + x_of(std::min(from, to)), x1 = p.x + label_w + x_of(std::max(from, to));
    const bool lit = !total && (i == state.tracing.hovered_part || i == machine_part);
    draw->AddRectFilled({x0, p.y + 2.0f}, {std::max(x1, x0 + 1.0f), p.y + row_h - 1.0f},
                        total ? widgets::colour_accent() : share_colour(v, largest));
    if (lit)
      draw->AddRect({x0 - 2.0f, p.y}, {std::max(x1, x0 + 1.0f) + 2.0f, p.y + row_h + 1.0f},
                    ImGui::GetColorU32(ImGuiCol_Text));
    const std::string value = (v >= 0.0 ? "+" : "\u2212") + fmt_fixed(std::abs(v), 2);
    draw->AddText({p.x + label_w + width + 4.0f, p.y}, ImGui::GetColorU32(ImGuiCol_Text), value.c_str());
    ImGui::Dummy(ImVec2(label_w + width + value_w, row_h));
    if (!total && ImGui::IsItemHovered()) hovered = i;
    if (!total) run = to;
  }
  if (hovered != state.tracing.hovered_part) intents.hovered_part = hovered;
}

void draw_parts_tab(const AppState& state, StateIntents& intents, const analysis::Tracing& t,
                    int machine_part) {
  const analysis::Attribution& a = t.attribution;
  widgets::text_wrapped_whole(score_summary(a));
  draw_waterfall(state, intents, a, machine_part);
  const int shown = state.tracing.hovered_part >= 0 ? state.tracing.hovered_part : machine_part;
  const int head = shown >= analysis::head_part(0, 0) && shown < analysis::head_part(kLayers, 0)
                       ? shown - analysis::head_part(0, 0)
                       : strongest_head(a);
  widgets::text_wrapped_whole(head_push_sentence(a, head, read_text(state)));
  if (t.versus.versus >= 0)
    widgets::text_wrapped_whole("Ahead of " + quoted_character(t.versus.versus) + " by " +
                                    fmt_fixed(t.versus.logit, 2) +
                                    "; the same split for that gap is in the dump.",
                                true);
}

void draw_heat_map(const analysis::Tracing& t, const std::string& text) {
  const int T = static_cast<int>(t.map.heads[0].size());
  if (T == 0) return;
  const float label_w = ImGui::CalcTextSize("in L2 ").x;
  const float cell = std::clamp((ImGui::GetContentRegionAvail().x - label_w) / static_cast<float>(T), 3.0f,
                                ImGui::GetTextLineHeight() * 1.2f);
  const float row_h = ImGui::GetTextLineHeight();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  ImVec2 p = ImGui::GetCursorScreenPos();
  if (cell >= ImGui::CalcTextSize("m").x)  // the characters along the top, when they fit
    for (int j = 0; j < T; ++j) {
      const char c[2] = {
          j < static_cast<int>(text.size())
              ? (text[static_cast<std::size_t>(j)] == ' ' ? '_' : text[static_cast<std::size_t>(j)])
              : '?',
          0};
      draw->AddText({p.x + label_w + cell * static_cast<float>(j) + 1.0f, p.y},
                    ImGui::GetColorU32(ImGuiCol_TextDisabled), c);
    }
  ImGui::Dummy(ImVec2(label_w + cell * static_cast<float>(T), row_h));
  const auto row = [&](const std::string& name, const std::vector<double>& values) {
    p = ImGui::GetCursorScreenPos();
    draw->AddText(p, ImGui::GetColorU32(ImGuiCol_Text), name.c_str());
    for (int j = 0; j < T; ++j) {
      const ImVec2 a{p.x + label_w + cell * static_cast<float>(j), p.y + 1.0f};
      draw->AddRectFilled(a, {a.x + cell - 1.0f, a.y + row_h - 2.0f},
                          share_colour(values[static_cast<std::size_t>(j)], 1.0));
    }
    ImGui::Dummy(ImVec2(label_w + cell * static_cast<float>(T), row_h));
    if (ImGui::IsItemHovered()) {
      const int j = static_cast<int>((ImGui::GetIO().MousePos.x - p.x - label_w) / cell);
      if (j >= 0 && j < T)
        ImGui::SetTooltip("%s at place %d: brings back %s of the difference", name.c_str(), j + 1,
                          fmt_percent(values[static_cast<std::size_t>(j)]).c_str());
    }
  };
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      row(head_name(l, h), t.map.heads[static_cast<std::size_t>(l * kHeads + h)]);
  for (int l = 0; l < kLayers; ++l)
    row("in L" + std::to_string(l + 1), t.map.resid[static_cast<std::size_t>(l)]);
}

void draw_patching_tab(const AppState& state, StateIntents& intents, const analysis::Tracing& t,
                       WhyPanelState& panel) {
  if (!t.patched)
    widgets::text_wrapped_whole(
        "Type a corrupted text as long as yours, or let the machine change the character "
        "that followed the first copy of the last one.",
        true);
  // The suggestion shows in the box, so the learner sees what changed and can edit it.
  if (t.patched && state.tracing.corrupt == TracingChoice::Corrupt::kAuto && panel.buffer[0] == '\0')
    std::snprintf(panel.buffer.data(), panel.buffer.size(), "%s", decode(t.corrupted_ids).c_str());
  ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x, 60.0f));
  const bool entered = ImGui::InputText("##corrupted", panel.buffer.data(), panel.buffer.size(),
                                        ImGuiInputTextFlags_EnterReturnsTrue);
  std::optional<std::string> ask;
  if (entered) ask = std::string(panel.buffer.data());
  if (ImGui::Button("Suggest")) {
    ask = "auto";
    panel.buffer[0] = '\0';  // refilled with the suggestion
  }
  ImGui::SameLine();
  if (ImGui::Button("Clear")) {
    ask = "";
    panel.buffer[0] = '\0';
  }
  if (ask) intents.corruption = *ask;
  if (!t.patched) {
    if (!t.patching_error.empty()) widgets::text_wrapped_whole(t.patching_error, true);
    return;
  }
  const std::string corrupted = decode(t.corrupted_ids);
  widgets::text_wrapped_whole("clean: " + decode(t.clean_ids) + "\ncorrupted: " + corrupted);
  widgets::text_wrapped_whole("Measured: score of " + quoted_character(t.clean_favourite) +
                                  " minus score of " + quoted_character(t.corrupted_favourite) + ": " +
                                  fmt_fixed(t.clean_metric, 2) + " clean, " +
                                  fmt_fixed(t.corrupted_metric, 2) + " corrupted.",
                              true);
  draw_heat_map(t, read_text(state));
  widgets::text_wrapped_whole(patching_sentence(t, read_text(state)));
}

}  // namespace

void draw_why(const AppState& state, const analysis::Tracing* t, int machine_part, WhyPanelState& panel,
              StateIntents& intents) {
  if (!tracing_shown(state)) return;
  const std::string title =
      (t && t->attribution.target >= 0 ? "why " + quoted_character(t->attribution.target) + "?"
                                       : std::string("why?")) +
      "###Why";
  bool open = true;
  if (!widgets::begin_panel(title.c_str(), &open, ImVec2(0.72f, 0.3f), ImVec2(320, 360))) {
    ImGui::End();
    return;
  }
  if (!open) intents.close_why = true;
  // A corruption asked elsewhere (a script's "corrupt") shows the patching tab.
  if (state.tracing.corrupt != panel.shown_corrupt || state.tracing.corrupted_text != panel.shown_text) {
    panel.select_patching = state.tracing.corrupt != TracingChoice::Corrupt::kNone;
    panel.shown_corrupt = state.tracing.corrupt;
    panel.shown_text = state.tracing.corrupted_text;
  }
  if (!t || t->attribution.target < 0) {
    widgets::text_wrapped_whole("Nothing to explain: the text is empty.", true);
  } else if (tracing_answer_hidden(state)) {
    widgets::text_wrapped_whole("Hidden until you answer the question in the chapter text.", true);
  } else if (ImGui::BeginTabBar("##why tabs")) {
    if (ImGui::BeginTabItem("Parts")) {
      draw_parts_tab(state, intents, *t, machine_part);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Patching", nullptr,
                            panel.select_patching ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None)) {
      draw_patching_tab(state, intents, *t, panel);
      ImGui::EndTabItem();
    }
    panel.select_patching = false;
    ImGui::EndTabBar();
  }
  ImGui::End();
}

}  // namespace am::ui

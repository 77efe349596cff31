// The chapter's words: body from live numbers, caption, "try this", and the
// predict-then-reveal question.
#include "am/ui/chapters.hpp"
#include "am/ui/glossary.hpp"
#include "am/ui/panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

// Rebuilds the words only when what they read has changed.
void refresh(ChapterPanelState& panel, const AppState& state, const ChapterContext& context,
             const Chapter& chapter) {
  const bool revealed = !question_open(state);
  ShownState shown = shown_state(state);
  if (panel.chapter == chapter.number && panel.shown == shown && panel.acts == context.acts &&
      panel.live_accuracy == context.live_accuracy && panel.revealed == revealed)
    return;
  panel.chapter = chapter.number;
  panel.shown = std::move(shown);
  panel.acts = context.acts;
  panel.live_accuracy = context.live_accuracy;
  panel.revealed = revealed;
  panel.body = chapter.body(context);
  panel.numbers = chapter.numbers(context);
  panel.caption = chapter.caption(context);
  panel.try_this = chapter.try_this.words(context);
  panel.try_actions =
      chapter.try_this.actions ? chapter.try_this.actions(context) : std::vector<std::string>{};
  panel.prompt.clear();
  panel.choices.clear();
  panel.reveal.clear();
  panel.correct_choice = -1;
  if (chapter.predict) {
    panel.prompt = chapter.predict->prompt(context);
    panel.choices = chapter.predict->choices(context);
    const Reveal r = chapter.predict->answer_from(context);
    panel.reveal = r.explanation;
    panel.correct_choice = r.correct_choice;
  }
}

void draw_paragraphs(const std::string& text) {
  std::vector<const GlossaryEntry*> seen;  // each term explained at its first use in the chapter
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find("\n\n", start);
    if (end == std::string::npos) end = text.size();
    widgets::text_wrapped_whole(text.substr(start, end - start), false, &seen);
    ImGui::Spacing();
    start = end + 2;
  }
}

// The choices, Reveal, the answer and "Ask again", on the learner's guess `p` (a copy:
// draw_question hands a change back as an intent). True when asked again.
bool draw_guess(PredictState& p, const ChapterPanelState& panel) {
  ImGui::BeginDisabled(p.revealed);
  for (std::size_t i = 0; i < panel.choices.size(); ++i) {
    // The button, then its words wrapped beside it: a long choice never runs past the column.
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::RadioButton("##choice", p.choice == static_cast<int>(i))) p.choice = static_cast<int>(i);
    ImGui::PopID();
    ImGui::SameLine();
    ImGui::TextWrapped("%s", panel.choices[i].c_str());
    if (ImGui::IsItemClicked() && !p.revealed) p.choice = static_cast<int>(i);
  }
  ImGui::EndDisabled();
  if (!p.revealed) {
    ImGui::BeginDisabled(p.choice < 0);
    if (ImGui::Button("Reveal")) p.revealed = true;
    ImGui::EndDisabled();
    // A hint beside the button wrapped onto a second line in a narrow column, and going
    // away when a choice was made it moved Reveal from under the mouse: a tooltip instead.
    if (p.choice < 0 && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("Choose an answer first.");
    return false;
  }
  // No verdict once the text changed after Reveal: the guess was about the old text.
  if (panel.correct_choice >= 0 && p.choice >= 0)
    ImGui::TextColored(
        p.choice == panel.correct_choice ? ImVec4(0.55f, 0.85f, 0.5f, 1.0f) : widgets::colour_error(),
        p.choice == panel.correct_choice ? "Right." : "Not this time.");
  widgets::text_wrapped_whole(panel.reveal);
  if (!ImGui::SmallButton("Ask again")) return false;
  p = PredictState{p.chapter, -1, false};
  return true;
}

void draw_question(const AppState& state, const ChapterPanelState& panel, StateIntents& intents) {
  if (panel.prompt.empty()) return;
  ImGui::Separator();
  widgets::text_wrapped_whole(panel.prompt);
  PredictState p = state.predict;
  if (p.chapter != state.chapter) p = PredictState{state.chapter, -1, false};
  intents.ask_again = draw_guess(p, panel);
  if (!(p == state.predict)) intents.predict = p;
}

}  // namespace

// Chapter 6, "Eight heads, eight jobs", shows every head's scores as a table.
constexpr int kScoreMapChapter = 6;

void draw_chapter_text(const AppState& state, const ChapterContext& context, ChapterPanelState& panel,
                       StateIntents& intents) {
  if (!state.settings.panels.chapter_text) return;
  const Chapter* chapter = find_chapter(state.chapter);
  const std::string title =
      chapter ? std::to_string(chapter->number) + "  " + std::string(chapter->title) : "Chapter";
  // A fixed window name keeps the saved layout when the chapter changes.
  const std::string window = title + "###chapter";
  if (!widgets::begin_shown_panel(window.c_str(), &PanelVisibility::chapter_text, state, intents,
                                  ImVec2(0.01f, 0.45f), ImVec2(430, 420))) {
    ImGui::End();
    return;
  }
  if (!chapter) {
    ImGui::TextDisabled("No chapter is selected.");
    ImGui::End();
    return;
  }
  // A new chapter opens at the top of its text, not where the last one was left.
  if (panel.chapter != chapter->number) ImGui::SetScrollY(0.0f);
  refresh(panel, state, context, *chapter);
  if (state.own_text && state.raw_text != chapter->default_text) {
    // The whole label when it fits the column, else a shorter one (at 1024x768 it was cut).
    const char* label = "Use this chapter's example###example";
    const float room = ImGui::GetContentRegionAvail().x - 2.0f * ImGui::GetStyle().FramePadding.x;
    if (ImGui::CalcTextSize(label, nullptr, true).x > room) label = "Use the example###example";
    if (ImGui::SmallButton(label)) intents.use_example = true;
    ImGui::Spacing();
  }
  // The whole title, wrapped, at the head of the column (the navigator's button may only say "Chapter N").
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(widgets::colour_accent()));
  widgets::text_wrapped_whole(std::string(chapter->title));
  ImGui::PopStyleColor();
  draw_paragraphs(panel.body);
  // The table answers chapter 6's question: it waits for Reveal too.
  if (chapter->number == kScoreMapChapter && context.analysis && panel.revealed)
    draw_score_heat_map(*context.analysis);
  if (!panel.caption.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    widgets::text_wrapped_whole(panel.caption);
    ImGui::PopStyleColor();
  }
  draw_question(state, panel, intents);
  if (!panel.try_this.empty()) {
    ImGui::Separator();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(widgets::colour_accent()), "Try this");
    widgets::text_wrapped_whole(panel.try_this);
    if (!panel.try_actions.empty() && ImGui::Button("Show me")) panel.show_me = panel.try_actions;
  }
  // The detail, closed until the learner asks (the chapter's own words stay short).
  if (!panel.numbers.empty()) {
    ImGui::Separator();
    if (ImGui::CollapsingHeader("the numbers")) draw_paragraphs(panel.numbers);
  }
  ImGui::End();
}

}  // namespace am::ui

// The five likeliest next characters, with the intact model's value as a ghost
// when heads are pulled.
#include "am/ui/chapter.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/text_format.hpp"
#include "am/ui/tracing_state.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

void draw_predictions(const AppState& state, const Activations* acts, const Activations* intact,
                      StateIntents& intents) {
  if (!state.settings.panels.predictions) return;
  if (!widgets::begin_shown_panel("Next character", &PanelVisibility::predictions, state, intents,
                                  ImVec2(0.72f, 0.02f), ImVec2(320, 210))) {
    ImGui::End();
    return;
  }
  if (!acts || acts->length() == 0) {
    widgets::text_wrapped_whole("Nothing to predict: the text is empty.", true);
    ImGui::End();
    return;
  }
  const int last = acts->length() - 1;
  const bool ghosts = state.pulled.any() && intact && intact->length() == acts->length();
  // The chapter's question asks how sure the model is: the bars wait for Reveal.
  if (probabilities_hidden(state)) {
    widgets::text_wrapped_whole("Hidden until you answer the question in the chapter text.", true);
    ImGui::End();
    return;
  }
  const float room = ImGui::GetContentRegionAvail().x - 2.0f * ImGui::GetStyle().FramePadding.x;
  for (const Guess& g : top_guesses(*acts, last, 5)) {
    std::optional<float> ghost;
    std::string overlay = widgets::char_label(g.id) + "   " + fmt_percent(g.probability);
    if (ghosts) {
      ghost = probability_of(*intact, last, g.id);
      // The words when they fit the bar, else the figure alone (the tooltip says what it is):
      // in a narrow column the row was cut at "(all heads: 9".
      const std::string words = overlay + "   (all heads: " + fmt_percent(*ghost) + ")";
      overlay =
          ImGui::CalcTextSize(words.c_str()).x <= room ? words : overlay + " (" + fmt_percent(*ghost) + ")";
    }
    widgets::probability_bar(g.probability, ghost, overlay);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", ghosts ? "In brackets and outlined: this character with every head in place.\n"
                                       "Click: why this character? (which parts of the machine said it)"
                                     : "Click: why this character? (which parts of the machine said it)");
    if (ImGui::IsItemClicked()) intents.trace_target = g.id;  // issue 22: opens "why?"
  }
  // Below the rows only when the panel has room (a fixed slot cut it off at 1024x768).
  if (ghosts && ImGui::GetContentRegionAvail().y >= 2.0f * ImGui::GetTextLineHeightWithSpacing())
    widgets::text_wrapped_whole("Outlines: the same characters with every head in place.", true);
  ImGui::End();
}

}  // namespace am::ui

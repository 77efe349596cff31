// Chapter 3: softmax turns scores into weights; the causal shutter hides the future.
#include <cmath>

#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

// Below this a row sum counts as exactly one (float rounding only).
constexpr double kSumTolerance = 1e-4;

// Largest |row sum - 1| over every head and query of the pass.
double worst_row_error(const Activations& acts) {
  const int T = acts.length();
  double worst = 0.0;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const float* w = head_weights(acts, l, h);
      for (int i = 0; i < T; ++i) {
        double sum = 0.0;
        for (int j = 0; j < T; ++j) sum += w[static_cast<std::size_t>(i) * T + j];
        worst = std::max(worst, std::fabs(sum - 1.0));
      }
    }
  return worst;
}

std::string body(const ChapterContext& c) {
  std::string out =
      "The scores then go through a softmax: take the exponential of each, then divide by their total. What "
      "comes "
      "out is all positive and adds up to exactly one. These are the attention weights; the thicker and "
      "brighter a "
      "thread, the larger its weight.\n\n"
      "A character may look only at itself and at what came before it, never ahead. In training the model "
      "must "
      "guess exactly what comes next, so looking at it would be cheating. This is the causal mask: the "
      "slanted "
      "shutter on the machine blocks everything to the right.";
  if (!has_pass(c)) return out + "\n\n" + empty_text_note();
  const int l = lifted_layer(c), h = lifted_head(c), q = query_index(c);
  const int T = c.acts->length();
  const float* row = head_weights(*c.acts, l, h, q);
  double sum = 0.0;
  int best = 0;
  for (int j = 0; j <= q; ++j) {
    sum += row[j];
    if (row[j] > row[best]) best = j;
  }
  int zeros = 0;
  for (int j = q + 1; j < T; ++j) zeros += row[j] == 0.0f ? 1 : 0;
  const int hidden = T - q - 1;
  out += "\n\nFor " + quote_char(char_at(c, q)) + " at " + place(q) + " in " + head_words(l, h) + ", the " +
         std::to_string(q + 1) + " weights it may use add up to " + fmt_fixed(sum, 6) + "; the largest, " +
         fmt_fixed(row[best], 2) + ", goes to " + quote_char(char_at(c, best)) + ", " +
         distance_words(q, best) + ".";
  if (hidden == 0)
    out += " It is the last character, so nothing lies to its right.";
  else if (zeros == hidden)
    out += " All " + std::to_string(hidden) + " weights towards later characters are exactly zero.";
  else
    out += " Only " + std::to_string(zeros) + " of the " + std::to_string(hidden) +
           " weights towards later characters are exactly zero: the mask is broken.";
  return out;
}

std::string caption(const ChapterContext& c) {
  std::string s = "softmax(scores) \u2192 weights; every row adds up to one";
  if (has_pass(c))
    s += " (largest rounding error in this pass: " + fmt_fixed(worst_row_error(*c.acts), 7) + ")";
  return s + " \u00b7 the weight from any character to a later one is always zero";
}

std::vector<std::string> choices(const ChapterContext&) {
  return {"it depends on the text", "exactly one", "the number of characters read"};
}

Reveal reveal(const ChapterContext& c) {
  if (!has_pass(c)) return no_text_reveal();
  Reveal r;
  const int l = lifted_layer(c), h = lifted_head(c), q = query_index(c);
  const int T = c.acts->length();
  const float* row = head_weights(*c.acts, l, h, q);
  double sum = 0.0;
  for (int j = 0; j < T; ++j) sum += row[j];
  r.correct_choice = std::fabs(sum - 1.0) < kSumTolerance ? 1 : -1;
  r.explanation = "The selected row adds up to " + fmt_fixed(sum, 6) +
                  ", whatever the text: the softmax divides by "
                  "the total.";
  return r;
}

}  // namespace

constinit const Chapter kOnlyLookingBack = {
    .title = "Only looking back",
    .default_text = kQueenText,
    .stage = {.camera = CameraPose::kShutter,
              .focus = {machine::FocusPart::kLiftedGrid, machine::FocusPart::kShutter},
              .view = {.show_beads = false},
              .highlight = kHighlightThreads | kHighlightShutter},
    .body = body,
    .caption = caption,
    .try_this =
        "Move the query along the text: the shutter moves with it and never lets a thread reach to the "
        "right.",
    .predict = PredictQuestion{.prompt = "Before you look: what do the weights of one query add up to?",
                               .choices = choices,
                               .reveal = reveal},
};

}  // namespace am::ui::chapters

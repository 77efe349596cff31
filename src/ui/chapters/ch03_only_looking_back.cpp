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

// The weights of `query`'s row in the lifted head: their sum, the largest, and how many
// towards later characters are exactly zero.
struct RowFacts {
  double sum = 0.0;
  int best = 0;
  int zeros = 0, later = 0;
};
RowFacts row_facts(const ChapterContext& c, int query) {
  const float* row = head_weights(*c.acts, lifted_layer(c), lifted_head(c), query);
  const int T = c.acts->length();
  RowFacts f;
  for (int j = 0; j <= query; ++j) {
    f.sum += row[j];
    if (row[j] > row[f.best]) f.best = j;
  }
  for (int j = query + 1; j < T; ++j) f.zeros += row[j] == 0.0f ? 1 : 0;
  f.later = T - query - 1;
  return f;
}

// clang-format off
std::string body(const ChapterContext& c) {
  std::string out =
      "The scores then go through a softmax: take the exponential of each, then divide each by their total. "
      "The results are the attention weights: the thicker and brighter a thread, the larger its weight.\n\n"
      "A character may look only at itself and what came before, never ahead: in training it must guess what "
      "comes next, and looking would be cheating. This is the causal mask; the slanted shutter blocks "
      "everything to the right.";
  if (!has_pass(c)) return out + "\n\n" + empty_text_note();
  const int q = query_index(c);
  const RowFacts f = row_facts(c, q);
  const float* row = head_weights(*c.acts, lifted_layer(c), lifted_head(c), q);
  out += "\n\nIn " + head_words(lifted_layer(c), lifted_head(c)) + ", the largest weight of " +
         quote_char(char_at(c, q)) + " at " + place(q) + ", " + fmt_fixed(row[f.best], 2) + ", goes to " +
         quote_char(char_at(c, f.best)) + ", " + distance_words(q, f.best) + ".";
  if (!answer_hidden(c)) out += " Its " + std::to_string(q + 1) + " weights add up to " + fmt_fixed(f.sum, 6) + ".";
  if (f.later == 0)
    out += " It is the last character: nothing lies to its right.";
  else if (f.zeros == f.later)
    out += " All " + std::to_string(f.later) + " of its weights towards later characters are exactly zero.";
  else
    out += " Only " + std::to_string(f.zeros) + " of the " + std::to_string(f.later) +
           " weights towards later characters are exactly zero: the mask is broken.";
  return out;
}
// clang-format on

std::string caption(const ChapterContext& c) {
  std::string s = "softmax(scores) \u2192 weights";
  if (!answer_hidden(c)) {
    s += "; every row adds up to one";
    if (has_pass(c)) s += " (off by at most " + fmt_fixed(worst_row_error(*c.acts), 7) + ")";
  }
  return s + " \u00b7 the weight from any character to a later one is always zero";
}

std::vector<std::string> choices(const ChapterContext&) {
  return {"it depends on the text", "exactly one", "the number of characters read"};
}

Reveal answer_from(const ChapterContext& c) {
  if (!has_pass(c)) return no_text_reveal();
  Reveal r;
  const RowFacts f = row_facts(c, query_index(c));
  r.correct_choice = std::fabs(f.sum - 1.0) < kSumTolerance ? 1 : -1;
  r.explanation = "Exactly one: the selected row adds up to " + fmt_fixed(f.sum, 6) +
                  ", whatever the text, because the softmax divides by the total.";
  return r;
}

// A query in the middle of the text, with characters to its right for the shutter to hide.
std::optional<int> middle_query(const ChapterContext& c) {
  if (!has_pass(c) || c.acts->length() < 3) return std::nullopt;
  return c.acts->length() / 2;
}

std::string try_words(const ChapterContext& c) {
  const auto q = middle_query(c);
  if (!q)
    return "Move the query along the text: the shutter moves with it and never lets a thread reach to the "
           "right.";
  const RowFacts f = row_facts(c, *q);
  return "Click the " + quote_char(char_at(c, *q)) + " at " + place(*q) +
         ": the shutter moves with it, and its " + std::to_string(f.later) +
         " weights towards later characters are exactly zero.";
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  const auto q = middle_query(c);
  if (!q) return {};
  return {"select " + std::to_string(*q + 1)};
}

TryExpect try_expect(const ChapterContext& c) {
  const auto q = middle_query(c);
  if (!q) return {};
  const RowFacts f = row_facts(c, *q);
  return {"all " + std::to_string(f.later) + " weights to its right are zero",
          [q = *q](const ChapterContext& after) {
            if (!has_pass(after) || query_index(after) != q) return false;
            const RowFacts a = row_facts(after, q);
            return a.later > 0 && a.zeros == a.later;
          }};
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
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
    .predict = PredictQuestion{.prompt = "Before you look: what do the weights of one query add up to?",
                               .choices = choices,
                               .answer_from = answer_from},
};

}  // namespace am::ui::chapters

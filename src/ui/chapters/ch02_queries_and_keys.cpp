// Chapter 2: query · key / √d for the selected character against every earlier one.
#include <cmath>

#include "am/ui/head_roles.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

// Lift the head that looks one back most: its dials tell the clearest story.
void live_stage(ChapterStage& s, const ChapterContext& c) {
  if (c.analysis) {
    const HeadRef best = strongest(c.analysis->heads, &HeadScores::previous, 0);
    s.lift = std::make_pair(best.layer, best.head);
  }
}

// The key with the highest score for `query` in the lifted head.
int best_key(const ChapterContext& c, int query) {
  const float* row = head_scores(*c.acts, lifted_layer(c), lifted_head(c), query);  // [T], j <= query
  int hi = 0;
  for (int j = 1; j <= query; ++j)
    if (row[j] > row[hi]) hi = j;
  return hi;
}

// clang-format off
std::string body(const ChapterContext& c) {
  std::string out =
      "From its " + std::to_string(kDModel) + " numbers, every head makes three short lists of " +
      std::to_string(kDHead) + ": a query (what am I looking for?), a key (what do I offer?) and a value "
      "(what I hand over if I am chosen).";
  if (!has_pass(c)) return out + "\n\n" + empty_text_note();
  const int l = lifted_layer(c), h = lifted_head(c), q = query_index(c);
  const float* row = head_scores(*c.acts, l, h, q);
  const int hi = best_key(c, q);
  out += "\n\nThe lifted plate is " + head_words(l, h) + ". The query of " + quote_char(char_at(c, q)) +
         " at " + place(q) + " is multiplied number by number with the key of every character up to itself; "
         "the products are added and divided by \u221a" + std::to_string(kDHead) + ". Each small dial shows "
         "one score: the further its needle turns, the better the match. The highest, " +
         fmt_fixed(row[hi], 2) + ", goes to " + quote_char(char_at(c, hi)) + ", " + distance_words(q, hi) + ".";
  return out;
}

std::string numbers(const ChapterContext& c) {
  if (!has_pass(c)) return {};
  const int l = lifted_layer(c), h = lifted_head(c), q = query_index(c);
  const float* row = head_scores(*c.acts, l, h, q);
  int lo = 0;
  for (int j = 1; j <= q; ++j)
    if (row[j] < row[lo]) lo = j;
  std::string out = "\u221a" + std::to_string(kDHead) + " is " +
                    fmt_fixed(std::sqrt(static_cast<double>(kDHead)), 3) + ". The lowest score, " +
                    fmt_fixed(row[lo], 2) + ", goes to " + quote_char(char_at(c, lo)) + ", " +
                    distance_words(q, lo) + ".";
  if (c.analysis) {
    const HeadScores& s = scores_of(c.analysis->heads, {l, h});
    out += " Over many stretches of held-out text, the analysis of the step " + fmt_int(c.analysis->step) +
           " weights found this head putting " + fmt_percent(s.previous) +
           " of its attention on the character just before.";
  }
  return out;
}
// clang-format on

std::string caption(const ChapterContext&) {
  return "score = query \u00b7 key / \u221a" + std::to_string(kDHead) + " \u00b7 needles computed live";
}

// Another query to click: the character just before the selected one.
std::optional<int> other_query(const ChapterContext& c) {
  if (!has_pass(c) || query_index(c) < 1) return std::nullopt;
  return query_index(c) - 1;
}

std::string try_words(const ChapterContext& c) {
  const auto q = other_query(c);
  if (!q)
    return "Click another slug to make it the query, or lift a different plate, and watch the needles swing.";
  const int hi = best_key(c, *q);
  return "Click the " + quote_char(char_at(c, *q)) + " at " + place(*q) +
         " to make it the query: the needles swing, and its highest score goes to " +
         quote_char(char_at(c, hi)) + ", " + distance_words(*q, hi) + ".";
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  const auto q = other_query(c);
  if (!q) return {};
  return {"select " + std::to_string(*q + 1)};
}

TryExpect try_expect(const ChapterContext& c) {
  const auto q = other_query(c);
  if (!q) return {};
  const int hi = best_key(c, *q);
  return {"the highest score goes to " + quote_char(char_at(c, hi)) + " at " + place(hi),
          [q = *q, hi](const ChapterContext& after) {
            return has_pass(after) && query_index(after) == q && best_key(after, q) == hi;
          }};
}

}  // namespace

constinit const Chapter kQueriesAndKeys = {
    .title = "Queries and keys",
    .default_text = kQueenText,
    .stage = {.camera = CameraPose::kPlate,
              .focus = {machine::FocusPart::kLiftedDials, machine::FocusPart::kQuerySlug},
              .view = {.show_threads = false, .show_beads = false},
              .highlight = kHighlightDials | kHighlightPlates},
    .live_stage = live_stage,
    .body = body,
    .numbers = numbers,
    .caption = caption,
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
};

}  // namespace am::ui::chapters

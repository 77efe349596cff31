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

std::string body(const ChapterContext& c) {
  const std::string root_d = "\u221a" + std::to_string(kDHead);
  std::string out =
      "From the " + std::to_string(kDModel) +
      " numbers of each character, every head makes three short lists of " + std::to_string(kDHead) +
      " numbers: a query (what am I looking for?), a key (what do I offer?) and a value (what I hand "
      "over if I am chosen).";
  if (!has_pass(c)) return out + "\n\n" + empty_text_note();
  const int l = lifted_layer(c), h = lifted_head(c), q = query_index(c);
  const float* row = head_scores(*c.acts, l, h, q);  // [T], j <= q
  out +=
      "\n\nThe plate lifted now is " + head_words(l, h) + ". The query of " + quote_char(char_at(c, q)) +
      " at " + place(q) +
      " is multiplied number by number with the key of every character up to and including itself; the "
      "products are added and divided by " +
      root_d + " (that is, " + fmt_fixed(std::sqrt(static_cast<double>(kDHead)), 3) +
      "). Each small dial shows one of these scores: the further its needle turns, the better that character "
      "matches what the query is after.";
  if (q == 0) {
    out += "\n\nThe first character can only be compared with itself: its score is " + fmt_fixed(row[0], 2) +
           ".";
  } else {
    int hi = 0, lo = 0;
    for (int j = 1; j <= q; ++j) {
      if (row[j] > row[hi]) hi = j;
      if (row[j] < row[lo]) lo = j;
    }
    out += "\n\nFor this head the highest score, " + fmt_fixed(row[hi], 2) + ", goes to " +
           quote_char(char_at(c, hi)) + ", " + distance_words(q, hi) + "; the lowest, " +
           fmt_fixed(row[lo], 2) + ", to " + quote_char(char_at(c, lo)) + ", " + distance_words(q, lo) + ".";
  }
  if (c.analysis) {
    const HeadScores& s = c.analysis->heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
    out += " Over many stretches of held-out text, the analysis of the step " + fmt_int(c.analysis->step) +
           " weights found this head putting " + fmt_percent(s.previous) +
           " of its attention on the character just before.";
  }
  return out;
}

std::string caption(const ChapterContext&) {
  return "score = query \u00b7 key / \u221a" + std::to_string(kDHead) + " \u00b7 needles computed live";
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
    .caption = caption,
    .try_this =
        "Click another slug to make it the query, or lift a different plate, and watch the needles swing.",
};

}  // namespace am::ui::chapters

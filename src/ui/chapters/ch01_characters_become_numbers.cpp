// Chapter 1: an embedding row per character plus a position pattern per place.
#include <cmath>
#include <numbers>
#include <vector>

#include "am/model/forward.hpp"
#include "am/ui/facts.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

// Wavelength, in places, of the sine/cosine pair `pair` of the position pattern.
double wavelength(int pair) {
  return 2.0 * std::numbers::pi * std::pow(static_cast<double>(kPositionBase), 2.0 * pair / kDModel);
}

// Index of the largest |value| in a row of kDModel numbers.
int largest_band(const float* row) {
  int best = 0;
  for (int i = 1; i < kDModel; ++i)
    if (std::fabs(row[i]) > std::fabs(row[best])) best = i;
  return best;
}

// The latest other place holding the same character as `q`, or -1.
int same_character_elsewhere(const std::string& text, int q) {
  for (int j = static_cast<int>(text.size()) - 1; j >= 0; --j)
    if (j != q && text[static_cast<std::size_t>(j)] == text[static_cast<std::size_t>(q)]) return j;
  return -1;
}

std::string body(const ChapterContext& c) {
  std::string out =
      "The model has no idea what a letter is; it only handles numbers. Each character is looked up in a "
      "table "
      "with one row per character and becomes " +
      std::to_string(kDModel) +
      " numbers, its embedding. The same character always gets the same row, wherever it stands.\n\n"
      "But where it stands matters as well. So, as the " +
      std::to_string(facts::kTransformerPaperYear) +
      " Transformer paper proposed, every place gets its own pattern of sines and cosines, from quick waves "
      "to "
      "slow ones: here the quickest repeats every " +
      fmt_fixed(wavelength(0), 1) + " places and the slowest every " +
      fmt_large(wavelength(kDModel / 2 - 1)) +
      " places. The first stretch of each glass tube is the two added together; its colours are the " +
      std::to_string(kDModel) + " numbers, copper for positive and blue for negative.";
  if (!has_pass(c)) return out + "\n\n" + empty_text_note();
  const int q = query_index(c);
  const std::size_t row = static_cast<std::size_t>(q) * kDModel;
  const int band = largest_band(c.acts->x0 + row);
  // Printed so the two parts visibly add up to the sum.
  const std::vector<std::string> sum = fmt_sum({c.acts->embed[row + static_cast<std::size_t>(band)],
                                                c.acts->pos[row + static_cast<std::size_t>(band)]},
                                               2);
  out += "\n\nTake the selected character, " + quote_char(char_at(c, q)) + " at " + place(q) +
         ". Its largest number is in band " + std::to_string(band + 1) + ": " + sum[0] +
         " from the embedding plus " + sum[1] + " from the position makes " + sum[2] + ".";
  const std::string text = window_text(c);
  const int other = same_character_elsewhere(text, q);
  if (other >= 0) {
    const std::size_t orow = static_cast<std::size_t>(other) * kDModel + static_cast<std::size_t>(band);
    out += " The same character at " + place(other) + " has the same embedding there (" +
           fmt_fixed(c.acts->embed[orow], 2) + ") but a different position number (" +
           fmt_fixed(c.acts->pos[orow], 2) + "), so its tube starts at " + fmt_fixed(c.acts->x0[orow], 2) +
           ".";
  }
  return out;
}

std::string caption(const ChapterContext&) {
  return "embedding (one row per character) + position (sines and cosines per place) = the " +
         std::to_string(kDModel) + " numbers that enter the first layer";
}

std::vector<std::string> choices(const ChapterContext&) {
  return {"yes, exactly the same", "no, they differ"};
}

Reveal reveal(const ChapterContext& c) {
  Reveal r;
  const std::string text = window_text(c);
  const int q = query_index(c);
  const int other = q >= 0 ? same_character_elsewhere(text, q) : -1;
  float a[kDModel], b[kDModel];
  const int p1 = q >= 0 ? q : 0;
  const int p2 = other >= 0 ? other : p1 + 1;
  position_encoding(p1, a);
  position_encoding(p2, b);
  double largest = 0.0;
  for (int i = 0; i < kDModel; ++i) largest = std::max(largest, static_cast<double>(std::fabs(a[i] - b[i])));
  r.correct_choice = largest > 0.0 ? 1 : 0;
  r.explanation = "Their embeddings are identical, but the position patterns of " + place(p1) + " and " +
                  place(p2) + " differ by up to " + fmt_fixed(largest, 2) +
                  " in a single band, so the sums differ.";
  return r;
}

}  // namespace

constinit const Chapter kCharactersBecomeNumbers = {
    .title = "Characters become numbers",
    .default_text = kQueenText,
    .stage = {.camera = CameraPose::kEmbedding,
              .focus = {machine::FocusPart::kSlugs, machine::FocusPart::kEntryBands},
              .view = {.split_embedding = true, .show_threads = false, .show_beads = false},
              .highlight = kHighlightBands | kHighlightSlugs},
    .body = body,
    .caption = caption,
    .try_this =
        "Click the slugs of a letter that appears twice: the embedding half of the tube stays the same while "
        "the position half changes.",
    .predict = PredictQuestion{.prompt = "The same letter in two different places: does it enter the first "
                                         "layer with exactly the same numbers?",
                               .choices = choices,
                               .reveal = reveal},
};

}  // namespace am::ui::chapters

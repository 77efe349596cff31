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

// The band in which two places' position patterns differ most, and by how much: the
// example that shows "same letter, different numbers" most clearly (in the slow bands
// two places can differ only in the fifth decimal).
struct BandGap {
  int band = 0;
  double gap = 0.0;
};
BandGap widest_gap(const float* a, const float* b) {
  BandGap out;
  for (int i = 0; i < kDModel; ++i)
    if (const double d = std::fabs(static_cast<double>(a[i]) - b[i]); d > out.gap) out = {i, d};
  return out;
}

// The latest other place holding the same character as `q`, or -1.
int same_character_elsewhere(const std::string& text, int q) {
  for (int j = static_cast<int>(text.size()) - 1; j >= 0; --j)
    if (j != q && text[static_cast<std::size_t>(j)] == text[static_cast<std::size_t>(q)]) return j;
  return -1;
}

// One band of the selected character as a sum, and (after Reveal) the same character
// elsewhere: same embedding number, different position number. With the character
// elsewhere, the band where the two places' position numbers differ most (the one the
// answer quotes); without, the band whose sum is largest.
std::string live_sum(const ChapterContext& c) {
  const int q = query_index(c);
  const std::size_t row = static_cast<std::size_t>(q) * kDModel;
  const int other = same_character_elsewhere(window_text(c), q);
  const int band =
      other >= 0 ? widest_gap(c.acts->pos + row, c.acts->pos + static_cast<std::size_t>(other) * kDModel).band
                 : largest_band(c.acts->x0 + row);
  const auto b = static_cast<std::size_t>(band);
  // Printed so the two parts visibly add up to the sum.
  const std::vector<std::string> sum = fmt_sum({c.acts->embed[row + b], c.acts->pos[row + b]}, 2);
  std::string out = "Take " + quote_char(char_at(c, q)) + " at " + place(q) + ". In band " +
                    std::to_string(band + 1) + ", " + sum[0] + " from its row plus " + sum[1] +
                    " from its place makes " + sum[2] + ".";
  if (other < 0 || answer_hidden(c)) return out;
  const std::size_t o = static_cast<std::size_t>(other) * kDModel + b;
  const auto [pos_here, pos_there] = fmt_distinct(c.acts->pos[row + b], c.acts->pos[o], 2);
  const auto [sum_here, sum_there] = fmt_distinct(c.acts->x0[row + b], c.acts->x0[o], 2);
  return out + " The " + quote_char(char_at(c, q)) + " at " + place(other) + " has the same " + sum[0] +
         ", but its place adds " + pos_there + " instead of " + pos_here + ", so it starts at " + sum_there +
         ", not " + sum_here + ".";
}

// clang-format off
std::string body(const ChapterContext& c) {
  std::string out =
      "The model knows no letters, only numbers. Each character is looked up in a table and becomes " +
      std::to_string(kDModel) + " numbers, its embedding: one row per character.\n\n"
      "Where it stands matters too. As the " + std::to_string(facts::kTransformerPaperYear) +
      " Transformer paper proposed, every place adds its own pattern of sines and cosines, from quick waves "
      "to slow ones. The first stretch of each glass tube is the two added together: copper for positive, "
      "blue for negative.";
  return out + "\n\n" + (has_pass(c) ? live_sum(c) : empty_text_note());
}

std::string numbers(const ChapterContext&) {
  return "The quickest wave of the position pattern repeats every " + fmt_fixed(wavelength(0), 1) +
         " places, the slowest every " + fmt_large(wavelength(kDModel / 2 - 1)) +
         " places: no two of the " + std::to_string(kContext) + " places the model reads get the same pattern.";
}
// clang-format on

std::string caption(const ChapterContext&) {
  return "embedding (one row per character) + position (sines and cosines per place) = the " +
         std::to_string(kDModel) + " numbers that enter the first layer";
}

std::vector<std::string> choices(const ChapterContext&) {
  return {"yes, exactly the same", "no, they differ"};
}

Reveal answer_from(const ChapterContext& c) {
  Reveal r;
  const std::string text = window_text(c);
  const int q = query_index(c);
  const int other = q >= 0 ? same_character_elsewhere(text, q) : -1;
  float a[kDModel], b[kDModel];
  const int p1 = q >= 0 ? q : 0;
  const int p2 = other >= 0 ? other : p1 + 1;
  position_encoding(p1, a);
  position_encoding(p2, b);
  const BandGap widest = widest_gap(a, b);
  r.correct_choice = widest.gap > 0.0 ? 1 : 0;
  r.explanation = "They differ. Their rows of the table are identical, but the position patterns of " +
                  place(p1) + " and " + place(p2) + " differ by up to " + fmt_fixed(widest.gap, 2) +
                  ", in band " + std::to_string(widest.band + 1) + ", so the sums differ.";
  return r;
}

// The other place of the selected character, to click.
std::optional<int> other_place(const ChapterContext& c) {
  if (!has_pass(c)) return std::nullopt;
  const int other = same_character_elsewhere(window_text(c), query_index(c));
  if (other < 0) return std::nullopt;
  return other;
}

std::string try_words(const ChapterContext& c) {
  const auto other = other_place(c);
  if (!other)
    return "Click the slug of a letter that appears twice: its row of the table stays, its place's pattern "
           "changes.";
  return "Click the other " + quote_char(char_at(c, *other)) + ", at " + place(*other) +
         ": the embedding half of its tube is the same, the position half changes.";
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  const auto other = other_place(c);
  if (!other) return {};
  return {"select " + std::to_string(*other + 1)};
}

TryExpect try_expect(const ChapterContext& c) {
  const auto other = other_place(c);
  if (!other) return {};
  const int q = query_index(c);
  const std::size_t row = static_cast<std::size_t>(q) * kDModel;
  std::vector<float> embed(c.acts->embed + row, c.acts->embed + row + kDModel);
  std::vector<float> pos(c.acts->pos + row, c.acts->pos + row + kDModel);
  return {"the same " + std::to_string(kDModel) + " embedding numbers, different position numbers",
          [embed, pos, want = *other](const ChapterContext& after) {
            if (!has_pass(after) || query_index(after) != want) return false;
            const std::size_t r = static_cast<std::size_t>(want) * kDModel;
            bool same = true, differs = false;
            for (int i = 0; i < kDModel; ++i) {
              same = same &&
                     after.acts->embed[r + static_cast<std::size_t>(i)] == embed[static_cast<std::size_t>(i)];
              differs = differs ||
                        after.acts->pos[r + static_cast<std::size_t>(i)] != pos[static_cast<std::size_t>(i)];
            }
            return same && differs;
          }};
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
    .numbers = numbers,
    .caption = caption,
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
    .predict = PredictQuestion{.prompt = "The same letter in two different places: does it enter the first "
                                         "layer with exactly the same numbers?",
                               .choices = choices,
                               .answer_from = answer_from},
};

}  // namespace am::ui::chapters

// Chapter 0: the model reads, and guesses the next character.
#include <algorithm>

#include "am/model/alphabet.hpp"
#include "am/ui/facts.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

// Bounds of the confidence question's answers.
constexpr double kUnsure = 0.5;
constexpr double kSure = 0.9;

int letter_count() {
  return static_cast<int>(
      std::count_if(kAlphabet.begin(), kAlphabet.end(), [](char c) { return c >= 'a' && c <= 'z'; }));
}

std::string body(const ChapterContext& c) {
  std::string out;
  if (!has_pass(c)) {
    out = empty_text_note();
  } else {
    const int last = c.acts->length() - 1;
    const auto guesses = top_guesses(*c.acts, last, 3);
    out = "The brass slugs along the front hold what the model has read: \u201c" + window_text(c) +
          "\u201d. The glass columns at the back are its guess for the character that comes next: the higher "
          "the "
          "liquid, the more likely that character. Its favourite right now is " +
          quote_char(id_to_char(guesses[0].id));
    if (c.state && probabilities_hidden(*c.state)) {
      // The question below asks how sure it is: the figures wait for Reveal.
      out += pulled_note(c) + "; after it come " + quote_char(id_to_char(guesses[1].id)) + " and " +
             quote_char(id_to_char(guesses[2].id)) + ". How sure is it? Answer the question below to see.";
    } else {
      out += ", at " + fmt_percent(guesses[0].probability) + pulled_note(c) + "; after it come " +
             quote_char(id_to_char(guesses[1].id)) + " (" + fmt_percent(guesses[1].probability) + ") and " +
             quote_char(id_to_char(guesses[2].id)) + " (" + fmt_percent(guesses[2].probability) + ").";
    }
    if (compares_with_intact(c)) {
      const auto intact = top_guesses(*c.intact, last, 1);
      out += " With every head in place it would say " + quote_char(id_to_char(intact[0].id)) + " at " +
             fmt_percent(intact[0].probability) + ".";
    }
  }
  out += "\n\nThe model knows " + std::to_string(kVocab) + " characters: " + std::to_string(letter_count()) +
         " letters, the space, the full stop, the comma and the apostrophe. ";
  if (c.analysis && !c.analysis->books.empty()) {
    // Titles only when the analysis found every one; file names would read as noise.
    std::vector<std::string> titles;
    for (const auto& b : c.analysis->books)
      if (b.title != b.name) titles.push_back(b.title);
    out += "It learned from " + fmt_int(static_cast<std::int64_t>(c.analysis->books.size())) +
           " public-domain novels";
    out += titles.size() == c.analysis->books.size() ? ": " + join_words(titles) + ". " : std::string(". ");
  }
  if (c.weights) {
    const auto params = static_cast<double>(count_parameters(*c.weights));
    out += "Everything it knows sits in " + fmt_int(static_cast<std::int64_t>(params)) +
           " numbers, counted from the weights loaded now. GPT-3 has " + fmt_large(facts::kGpt3Parameters) +
           ", about " + fmt_ratio(facts::kGpt3Parameters / params) + " times as many, in " +
           fmt_int(facts::kGpt3Layers) + " layers of " + fmt_int(facts::kGpt3HeadsPerLayer) +
           " heads each. The job is the same: look back, guess what comes next. " + checkpoint_note(c);
  }
  if (c.analysis && c.analysis->bits_per_char && c.analysis->bigram_bits_per_char)
    out += "\n\nHow good is it? On the end of each novel, held back from training, the step " +
           fmt_int(c.analysis->step) + " model needs " + fmt_fixed(*c.analysis->bits_per_char, 2) +
           " bits per character; a model that only knows which character tends to follow which needs " +
           fmt_fixed(*c.analysis->bigram_bits_per_char, 2) + ".";
  return out;
}

std::string caption(const ChapterContext& c) {
  std::string s = std::to_string(kLayers) + " layers \u00d7 " + std::to_string(kHeads) + " heads \u00b7 " +
                  std::to_string(kDModel) + " numbers per character";
  if (c.weights)
    s += " \u00b7 " + fmt_int(static_cast<std::int64_t>(count_parameters(*c.weights))) +
         " parameters \u00b7 step " + fmt_int(c.weights->step);
  return s + " \u00b7 computed live";
}

std::vector<std::string> choices(const ChapterContext&) {
  return {"less than " + fmt_percent(kUnsure),
          "between " + fmt_percent(kUnsure) + " and " + fmt_percent(kSure),
          "more than " + fmt_percent(kSure)};
}

Reveal reveal(const ChapterContext& c) {
  if (!has_pass(c)) return no_text_reveal();
  Reveal r;
  const auto best = top_guesses(*c.acts, c.acts->length() - 1, 1)[0];
  r.correct_choice = best.probability < kUnsure ? 0 : (best.probability <= kSure ? 1 : 2);
  r.explanation = "It gives " + quote_char(id_to_char(best.id)) + " " + fmt_percent(best.probability) + ".";
  return r;
}

}  // namespace

constinit const Chapter kOneCharacter = {
    .title = "One character at a time",
    .default_text = kQueenText,
    .question_hides_probabilities = true,
    .stage = {.camera = CameraPose::kFront,
              .focus = {machine::FocusPart::kSlugs, machine::FocusPart::kColumns},
              .highlight = kHighlightSlugs | kHighlightReadout},
    .body = body,
    .caption = caption,
    .try_this = "Type a few words of your own and watch the columns at the back change with every key.",
    .predict = PredictQuestion{.prompt = "Before you look at the columns: how sure do you think the model is "
                                         "of its favourite next character?",
                               .choices = choices,
                               .reveal = reveal},
};

}  // namespace am::ui::chapters

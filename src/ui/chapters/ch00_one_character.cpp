// Chapter 0: the model reads, and guesses the next character.
#include <algorithm>

#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
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

// The three likeliest next characters in words, or how to see them while the question waits.
std::string guess_words(const ChapterContext& c) {
  const int last = c.acts->length() - 1;
  if (answer_hidden(c))
    return "Which character will it pick, and how sure is it? Answer the question below, then look.";
  const auto g = top_guesses(*c.acts, last, 3);
  std::string out = "Its favourite is " + quote_char(id_to_char(g[0].id)) + " at " +
                    fmt_percent(g[0].probability) + pulled_note(c) + "; then come " +
                    quote_char(id_to_char(g[1].id)) + " (" + fmt_percent(g[1].probability) + ") and " +
                    quote_char(id_to_char(g[2].id)) + " (" + fmt_percent(g[2].probability) + ").";
  if (compares_with_intact(c)) {
    const auto intact = top_guesses(*c.intact, last, 1)[0];
    out += " With every head in place it would say " + quote_char(id_to_char(intact.id)) + " at " +
           fmt_percent(intact.probability) + ".";
  }
  return out;
}

// clang-format off
std::string body(const ChapterContext& c) {
  std::string out = has_pass(c)
      ? "The brass slugs along the front hold what the model has read: \u201c" + window_text(c) + "\u201d. "
        "The glass columns at the back are its guess for the next character: the higher the liquid, the "
        "likelier that character. " + guess_words(c)
      : empty_text_note();
  out += "\n\nThe model knows " + std::to_string(kVocab) + " characters: " + std::to_string(letter_count()) +
         " letters, the space, the full stop, the comma and the apostrophe.";
  if (c.weights)
    out += " Everything it knows sits in " + fmt_int(static_cast<std::int64_t>(count_parameters(*c.weights))) +
           " numbers; GPT-3 has " + fmt_large(facts::kGpt3Parameters) +
           ". The job is the same: look back, guess what comes next.";
  return out;
}

std::string numbers(const ChapterContext& c) {
  std::string out;
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
    out += "GPT-3 has about " + fmt_ratio(facts::kGpt3Parameters / params) + " times as many numbers, in " +
           fmt_int(facts::kGpt3Layers) + " layers of " + fmt_int(facts::kGpt3HeadsPerLayer) +
           " heads each; this one has " + std::to_string(kLayers) + " layers of " + std::to_string(kHeads) +
           ". " + checkpoint_note(c);
  }
  if (c.analysis && c.analysis->bits_per_char && c.analysis->bigram_bits_per_char)
    out += "\n\nHow good is it? On the end of each novel, held back from training, the step " +
           fmt_int(c.analysis->step) + " model needs " + fmt_fixed(*c.analysis->bits_per_char, 2) +
           " bits per character; a model that only knows which character tends to follow which needs " +
           fmt_fixed(*c.analysis->bigram_bits_per_char, 2) + ".";
  return out;
}
// clang-format on

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

Reveal answer_from(const ChapterContext& c) {
  if (!has_pass(c)) return no_text_reveal();
  Reveal r;
  const auto best = top_guesses(*c.acts, c.acts->length() - 1, 1)[0];
  r.correct_choice = best.probability < kUnsure ? 0 : (best.probability <= kSure ? 1 : 2);
  r.explanation = "It gives " + quote_char(id_to_char(best.id)) + " " + fmt_percent(best.probability) + ".";
  return r;
}

// The text one character shorter: the favourite it leads to, from a pass on the loaded weights.
struct Shorter {
  std::string text;
  char favourite = '?';
};
std::optional<Shorter> shorter(const ChapterContext& c) {
  if (!has_pass(c) || !c.weights || c.acts->length() < 2) return std::nullopt;
  Shorter s;
  s.text = c.state->normalized.text.substr(0, c.state->normalized.text.size() - 1);
  const std::string read = s.text.substr(context_window_start(s.text.size()));
  const std::vector<int> ids = encode(read);
  const Activations acts = forward(*c.weights, ids, c.state->pulled);
  s.favourite = id_to_char(top_guesses(acts, acts.length() - 1, 1)[0].id);
  return s;
}

std::string try_words(const ChapterContext& c) {
  const auto s = shorter(c);
  if (!s) return "Type a few words of your own and watch the columns at the back change with every key.";
  return "Delete the last letter, so the text ends \u201c" +
         s->text.substr(s->text.size() - std::min<std::size_t>(5, s->text.size())) +
         "\u201d: the tallest column moves to " + quote_char(s->favourite) + ". Then type words of your own.";
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  const auto s = shorter(c);
  if (!s) return {};
  return {"text " + s->text};
}

TryExpect try_expect(const ChapterContext& c) {
  const auto s = shorter(c);
  if (!s) return {};
  const char want = s->favourite;
  return {"the favourite becomes " + quote_char(want), [want](const ChapterContext& after) {
            return has_pass(after) &&
                   id_to_char(top_guesses(*after.acts, after.acts->length() - 1, 1)[0].id) == want;
          }};
}

}  // namespace

constinit const Chapter kOneCharacter = {
    .title = "One character at a time",
    .default_text = kQueenText,
    .stage = {.camera = CameraPose::kFront,
              .focus = {machine::FocusPart::kSlugs, machine::FocusPart::kColumns},
              .highlight = kHighlightSlugs | kHighlightReadout},
    .body = body,
    .numbers = numbers,
    .caption = caption,
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
    .predict = PredictQuestion{.prompt = "Before you look at the columns: how sure do you think the model is "
                                         "of its favourite next character?",
                               .choices = choices,
                               .answer_from = answer_from,
                               .hides = kHidesPredictions},
};

}  // namespace am::ui::chapters

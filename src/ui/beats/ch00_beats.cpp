// Chapter 0: the characters enter, the columns rise, the favourite is named.
#include <algorithm>

#include "am/model/alphabet.hpp"
#include "beat_common.hpp"

namespace am::ui::beats {
namespace {

Beat at(const ChapterContext& c, int index) {
  Beat b;
  const int T = beat_length(c), q = query_index(c);
  b.stage.query = q;
  const float* probs = c.acts->probs + static_cast<std::size_t>(q) * kVocab;  // [30]
  const bool hidden = c.state && probabilities_hidden(*c.state);
  if (index == 0) {
    b.stage.op = BeatOp::kSlugsEnter;
    b.stage.count = T;
    b.focus = {FocusPart::kSlugs};
    b.caption = "The text comes in one character at a time: " + std::to_string(T) +
                " slugs. After the last one, " + quote_char(char_at(c, q)) +
                ", the machine must guess what comes next.";
    return b;
  }
  b.stage.op = BeatOp::kColumnsRise;
  b.focus = {FocusPart::kColumns};
  if (hidden) {
    b.caption =
        "Answer the question in the chapter first: then the columns rise to show the machine's guess.";
    b.stage.progress = 0.0f;
    return b;
  }
  machine::add_list(b.numbers, "probabilities", probs, kVocab);
  const int best = static_cast<int>(std::max_element(probs, probs + kVocab) - probs);
  if (index == 1) {
    b.caption =
        "Each of the 30 characters it knows gets a chance, and the 30 chances add up to 100%. The columns "
        "rise to them.";
  } else {
    b.caption = "Its favourite is " + quote_char(id_to_char(best)) + ", at " + fmt_probability(probs[best]) +
                ". That is its guess for the next character.";
    b.stage.key = best;
  }
  return b;
}

}  // namespace

const BeatScript kCh00 = {.seconds = 3.0, .count = fixed_count<3>, .at = at};

}  // namespace am::ui::beats

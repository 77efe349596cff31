// Chapter 7: the circuit in three beats. The previous-character head writes "my previous
// character" into each place; the induction head's query looks for the key whose previous
// character matches; that place's character is copied and its column rises. Each caption
// says where the head's weight really went (machine::weight_look), match or not, and
// names the query's place, whichever is selected.
#include <algorithm>

#include "am/model/alphabet.hpp"
#include "am/ui/chapters.hpp"
#include "beat_common.hpp"

namespace am::ui::beats {
namespace {

std::string place_words(int zero_based) { return "place " + std::to_string(zero_based + 1); }

Beat at(const ChapterContext& c, int index) {
  Beat b;
  const int q = query_index(c), T = beat_length(c);
  const Chapter* chapter = find_chapter(c.state ? c.state->chapter : 7);
  const ChapterStage stage = chapter ? chapter->stage_for(c) : ChapterStage{};
  const auto prev = stage.view.path_heads[0].value_or(std::make_pair(0, 0));
  const auto ind = stage.view.path_heads[1].value_or(std::make_pair(kLayers - 1, 0));
  const bool first = index == 0;
  const auto [l, h] = first ? prev : ind;
  // Where the head's weight really goes, and what that place is (the note beside the
  // thread reads the same): the captions say what the model did, not what it should.
  const machine::WeightLook look = machine::weight_look(*c.acts, chapters::window_text(c), l, h, q);
  const int key = look.key;
  machine::add_number(b.numbers, "layer", l + 1);
  machine::add_number(b.numbers, "head", h + 1);
  machine::add_number(b.numbers, "query_position", q + 1);
  machine::add_number(b.numbers, "key_position", key + 1);
  machine::add_number(b.numbers, "weight", look.weight);
  b.stage = {.op = BeatOp::kPreviousChar, .layer = l, .head = h, .query = q, .key = key};
  const std::string name = head_name(l, h);
  const std::string qc = quote_char(char_at(c, q)), kc = quote_char(char_at(c, key));
  const std::string weight = num(look.weight);
  const std::string q_noun = char_noun(char_at(c, q));  // after "an earlier" / "the earlier"
  if (first) {
    b.focus = {FocusPart::kPathPlates};
    if (q == 0) {
      b.caption =
          "Head " + name +
          " looks one place back: each place writes down the character before it. At place 1 there is "
          "nothing before, so it keeps " +
          weight + " of its weight on " + qc + " itself.";
    } else if (look.one_back) {
      b.caption =
          "Head " + name + " looks one place back: each place writes down the character before it. At " +
          place_words(q) + " it puts " + weight + " of its weight on " + kc + ", the character just before.";
    } else {
      b.caption = "Head " + name +
                  " should look one place back, so that each place writes down the character before it. At " +
                  place_words(q) + ", though, its heaviest weight, " + weight + ", goes to " +
                  (key == q ? qc + " itself" : kc + ", " + chapters::distance_words(q, key)) + "; " +
                  quote_char(char_at(c, q - 1)) + ", just before, gets " + num(look.one_back_weight) + ".";
    }
    return b;
  }
  const std::string looks_for =
      "Head " + name + "'s query at " + qc + " looks for a place right after an earlier " + q_noun + ". ";
  const std::string earlier =
      look.matches == 1 ? " The place right after the earlier " + q_noun + ", " + place_words(look.match) +
                              ", gets only " + num(look.match_weight) + "."
      : look.matches > 1
          ? " Of the " + std::to_string(look.matches) + " places right after an earlier " + q_noun +
                ", the heaviest, " + place_words(look.match) + ", gets only " + num(look.match_weight) + "."
          : " There is no earlier " + q_noun + " in the text to find.";
  if (index == 1) {
    b.stage.op = BeatOp::kInductionMatch;
    b.focus = {FocusPart::kCopyThread, FocusPart::kPathPlates};
    if (look.after_copy)
      b.caption = looks_for + "It finds " + place_words(key) + ", " + kc + ", right after the " + q_noun +
                  " at " + place_words(key - 1) + ": weight " + weight + ".";
    else if (key == q)
      b.caption = looks_for + "It finds none: its heaviest weight, " + weight + ", stays on " + qc +
                  " itself." + earlier;
    else
      b.caption = looks_for + "It does not find one: its heaviest weight, " + weight + ", goes to " +
                  place_words(key) + ", " + kc + ", which " +
                  (key == 0 ? "is the first character" : "comes after " + quote_char(char_at(c, key - 1))) +
                  ", not after " + (char_at(c, q) == ' ' ? "a space" : qc) + "." + earlier;
    return b;
  }
  // The copy: what stands at the heaviest place is carried to the query, wherever it stands.
  const std::string to_query =
      "to " + qc + (q + 1 == T ? " at the end of the text" : " at " + place_words(q));
  const bool stays = key == q;  // nothing is carried from earlier: the column shown is the favourite
  const float* probs = c.acts->probs + static_cast<std::size_t>(q) * kVocab;
  const int favourite = static_cast<int>(std::max_element(probs, probs + kVocab) - probs);
  const int id = stays ? favourite : char_to_id(char_at(c, key));
  b.stage.op = BeatOp::kCopy;
  b.stage.key = std::max(id, 0);
  b.focus = {FocusPart::kColumns, FocusPart::kCopyThread};
  if (c.state && probabilities_hidden(*c.state)) {  // the question asks what the favourite will be
    b.caption =
        (stays ? "Its weight stays on " + qc + " itself, so nothing from earlier is carried " + to_query + "."
               : "Its value carries what stands at " + place_words(key) + " " + to_query + ".") +
        " Answer the question in the chapter first: then the column rises to show how sure the machine is.";
    b.stage.progress = 0.0f;
    return b;
  }
  const float p = id >= 0 ? probs[static_cast<std::size_t>(id)] : 0.0f;
  machine::add_number(b.numbers, "probability", p);
  const std::string shown = quote_char(id_to_char(b.stage.key));
  const std::string rises = " rises to " + fmt_probability(p) + ".";
  if (look.after_copy)
    b.caption =
        "Its value carries what stands there, " + kc + ", " + to_query + ": the column for " + shown + rises;
  else if (stays)
    b.caption = "Its weight stays on " + qc +
                " itself, so it copies nothing from earlier in the text. The machine's favourite is " +
                shown + ": its column" + rises;
  else
    b.caption = "Its value carries what stands at " + place_words(key) + ", " + kc + ", " + to_query +
                ". That is no copy: " + kc + " did not follow an earlier " + q_noun + ". The column for " +
                shown + rises;
  return b;
}

}  // namespace

const BeatScript kCh07 = {.seconds = 4.0, .count = fixed_count<3>, .at = at};

}  // namespace am::ui::beats

// Chapter 7: the circuit in three beats. The previous-character head writes "my previous
// character" into each place; the induction head's query looks for the key whose previous
// character matches; that place's character is copied and its column rises. Each caption
// says where the head's weight really went (machine::weight_look), match or not, and
// names the query's place, whichever is selected.
#include <algorithm>
#include <tuple>

#include "am/model/alphabet.hpp"
#include "am/ui/chapters.hpp"
#include "beat_common.hpp"

namespace am::ui::beats {
namespace {

std::string place_words(int zero_based) { return "place " + std::to_string(zero_based + 1); }

// What every beat of the chapter reads: the query, the head (the previous-character head
// for the first beat, the induction head after), and where its weight really goes (the
// note beside the thread reads the same: the captions say what the model did).
struct Look {
  int q = 0, T = 0, layer = 0, head = 0;
  machine::WeightLook look;
  std::string name, qc, kc, weight, q_noun;  // q_noun: after "an earlier" / "the earlier"
};

Look look_at(const ChapterContext& c, int index, Beat& b) {
  Look k;
  k.q = query_index(c);
  k.T = beat_length(c);
  const Chapter* chapter = find_chapter(c.state ? c.state->chapter : 7);
  const ChapterStage stage = chapter ? chapter->stage_for(c) : ChapterStage{};
  const auto prev = stage.view.path_heads[0].value_or(std::make_pair(0, 0));
  const auto ind = stage.view.path_heads[1].value_or(std::make_pair(kLayers - 1, 0));
  std::tie(k.layer, k.head) = index == 0 ? prev : ind;
  k.look = machine::weight_look(*c.acts, chapters::window_text(c), k.layer, k.head, k.q);
  machine::add_number(b.numbers, "layer", k.layer + 1);
  machine::add_number(b.numbers, "head", k.head + 1);
  machine::add_number(b.numbers, "query_position", k.q + 1);
  machine::add_number(b.numbers, "key_position", k.look.key + 1);
  machine::add_number(b.numbers, "weight", k.look.weight);
  b.stage = {.op = BeatOp::kPreviousChar, .layer = k.layer, .head = k.head, .query = k.q, .key = k.look.key};
  k.name = head_name(k.layer, k.head);
  k.qc = quote_char(char_at(c, k.q));
  k.kc = quote_char(char_at(c, k.look.key));
  k.weight = num(k.look.weight);
  k.q_noun = char_noun(char_at(c, k.q));
  return k;
}

// Beat 1: the previous-character head writes down, at each place, the character before.
void previous_char(const ChapterContext& c, const Look& k, Beat& b) {
  const int q = k.q, key = k.look.key;
  b.focus = {FocusPart::kPathPlates};
  if (q == 0) {
    b.caption = "Head " + k.name +
                " looks one place back: each place writes down the character before it. At place 1 there is "
                "nothing before, so it keeps " +
                k.weight + " of its weight on " + k.qc + " itself.";
  } else if (k.look.one_back) {
    b.caption = "Head " + k.name +
                " looks one place back: each place writes down the character before it. At " +
                place_words(q) + " it puts " + k.weight + " of its weight on " + k.kc +
                ", the character just before.";
  } else {
    b.caption = "Head " + k.name +
                " should look one place back, so that each place writes down the character before it. At " +
                place_words(q) + ", though, its heaviest weight, " + k.weight + ", goes to " +
                (key == q ? k.qc + " itself" : k.kc + ", " + chapters::distance_words(q, key)) + "; " +
                quote_char(char_at(c, q - 1)) + ", just before, gets " + num(k.look.one_back_weight) + ".";
  }
}

// Beat 2: the induction head's query looks for a place right after an earlier copy.
void induction_match(const ChapterContext& c, const Look& k, Beat& b) {
  const int q = k.q, key = k.look.key;
  const machine::WeightLook& look = k.look;
  const std::string looks_for = "Head " + k.name + "'s query at " + k.qc +
                                " looks for a place right after an earlier " + k.q_noun + ". ";
  const std::string earlier =
      look.matches == 1 ? " The place right after the earlier " + k.q_noun + ", " + place_words(look.match) +
                              ", gets only " + num(look.match_weight) + "."
      : look.matches > 1
          ? " Of the " + std::to_string(look.matches) + " places right after an earlier " + k.q_noun +
                ", the heaviest, " + place_words(look.match) + ", gets only " + num(look.match_weight) + "."
          : " There is no earlier " + k.q_noun + " in the text to find.";
  b.stage.op = BeatOp::kInductionMatch;
  b.focus = {FocusPart::kCopyThread, FocusPart::kPathPlates};
  if (look.after_copy)
    b.caption = looks_for + "It finds " + place_words(key) + ", " + k.kc + ", right after the " + k.q_noun +
                " at " + place_words(key - 1) + ": weight " + k.weight + ".";
  else if (key == q)
    b.caption = looks_for + "It finds none: its heaviest weight, " + k.weight + ", stays on " + k.qc +
                " itself." + earlier;
  else
    b.caption = looks_for + "It does not find one: its heaviest weight, " + k.weight + ", goes to " +
                place_words(key) + ", " + k.kc + ", which " +
                (key == 0 ? "is the first character" : "comes after " + quote_char(char_at(c, key - 1))) +
                ", not after " + (char_at(c, q) == ' ' ? "a space" : k.qc) + "." + earlier;
}

// Beat 3, the copy: what stands at the heaviest place is carried to the query, wherever it stands.
void copy(const ChapterContext& c, const Look& k, Beat& b) {
  const int q = k.q, key = k.look.key;
  const std::string to_query =
      "to " + k.qc + (q + 1 == k.T ? " at the end of the text" : " at " + place_words(q));
  const bool stays = key == q;  // nothing is carried from earlier: the column shown is the favourite
  const float* probs = c.acts->probs + static_cast<std::size_t>(q) * kVocab;
  const int favourite = static_cast<int>(std::max_element(probs, probs + kVocab) - probs);
  const int id = stays ? favourite : char_to_id(char_at(c, key));
  b.stage.op = BeatOp::kCopy;
  b.stage.key = std::max(id, 0);
  b.focus = {FocusPart::kColumns, FocusPart::kCopyThread};
  if (c.state && probabilities_hidden(*c.state)) {  // the question asks what the favourite will be
    b.caption =
        (stays
             ? "Its weight stays on " + k.qc + " itself, so nothing from earlier is carried " + to_query + "."
             : "Its value carries what stands at " + place_words(key) + " " + to_query + ".") +
        " Answer the question in the chapter first: then the column rises to show how sure the machine is.";
    b.stage.progress = 0.0f;
    return;
  }
  const float p = id >= 0 ? probs[static_cast<std::size_t>(id)] : 0.0f;
  machine::add_number(b.numbers, "probability", p);
  const std::string shown = quote_char(id_to_char(b.stage.key));
  const std::string rises = " rises to " + fmt_probability(p) + ".";
  if (k.look.after_copy)
    b.caption = "Its value carries what stands there, " + k.kc + ", " + to_query + ": the column for " +
                shown + rises;
  else if (stays)
    b.caption = "Its weight stays on " + k.qc +
                " itself, so it copies nothing from earlier in the text. The machine's favourite is " +
                shown + ": its column" + rises;
  else
    b.caption = "Its value carries what stands at " + place_words(key) + ", " + k.kc + ", " + to_query +
                ". That is no copy: " + k.kc + " did not follow an earlier " + k.q_noun +
                ". The column for " + shown + rises;
}

Beat at(const ChapterContext& c, int index) {
  Beat b;
  const Look k = look_at(c, index, b);
  if (index == 0)
    previous_char(c, k, b);
  else if (index == 1)
    induction_match(c, k, b);
  else
    copy(c, k, b);
  return b;
}

}  // namespace

const BeatScript kCh07 = {.seconds = 4.0, .count = fixed_count<3>, .at = at};

}  // namespace am::ui::beats

// Chapter 7: the circuit in three beats. The previous-character head writes "my previous
// character" into each place; the induction head's query finds the key whose previous
// character matches; that place's character is copied and its column rises.
#include <algorithm>

#include "am/model/alphabet.hpp"
#include "am/ui/chapters.hpp"
#include "beat_common.hpp"

namespace am::ui::beats {
namespace {

// The heaviest key of a head's row for the query, itself left out when it can be.
int heaviest_key(const Activations& acts, int layer, int head, int q) {
  const std::vector<double> w = machine::softmax_row(acts, layer, head, q).weights;
  const auto end = q > 0 ? w.end() - 1 : w.end();
  return static_cast<int>(std::max_element(w.begin(), end) - w.begin());
}

Beat at(const ChapterContext& c, int index) {
  Beat b;
  const int q = query_index(c);
  const Chapter* chapter = find_chapter(c.state ? c.state->chapter : 7);
  const ChapterStage stage = chapter ? chapter->stage_for(c) : ChapterStage{};
  const auto prev = stage.view.path_heads[0].value_or(std::make_pair(0, 0));
  const auto ind = stage.view.path_heads[1].value_or(std::make_pair(kLayers - 1, 0));
  const bool first = index == 0;
  const auto [l, h] = first ? prev : ind;
  const int key = heaviest_key(*c.acts, l, h, q);
  const double weight = machine::softmax_row(*c.acts, l, h, q).weights[static_cast<std::size_t>(key)];
  machine::add_number(b.numbers, "layer", l + 1);
  machine::add_number(b.numbers, "head", h + 1);
  machine::add_number(b.numbers, "query_position", q + 1);
  machine::add_number(b.numbers, "key_position", key + 1);
  machine::add_number(b.numbers, "weight", weight);
  b.stage = {.op = BeatOp::kPreviousChar, .layer = l, .head = h, .query = q, .key = key};
  const std::string name = head_name(l, h);
  const std::string qc = quote_char(char_at(c, q)), kc = quote_char(char_at(c, key));
  if (first) {
    b.focus = {FocusPart::kPathPlates};
    b.caption = "Head " + name +
                " looks one place back: each place writes down the character before it. At place " +
                std::to_string(q + 1) + " it puts " + num(weight) + " of its weight on " + kc + " at place " +
                std::to_string(key + 1) + ".";
    return b;
  }
  const char before = key > 0 ? char_at(c, key - 1) : '?';
  if (index == 1) {
    b.stage.op = BeatOp::kInductionMatch;
    b.focus = {FocusPart::kCopyThread, FocusPart::kPathPlates};
    b.caption = "Head " + name + "'s query at " + qc +
                " looks for a place whose previous character was also " + qc + ". It finds place " +
                std::to_string(key + 1) + " (after " + quote_char(before) + "), weight " + num(weight) + ".";
    return b;
  }
  const int id = char_to_id(char_at(c, key));
  b.stage.op = BeatOp::kCopy;
  b.stage.key = std::max(id, 0);
  b.focus = {FocusPart::kColumns, FocusPart::kCopyThread};
  if (c.state && probabilities_hidden(*c.state)) {  // the question asks what the favourite will be
    b.caption =
        "Its value carries what stands there to the end of the text. Answer the question in the "
        "chapter first: then the column rises to show how sure the machine is.";
    b.stage.progress = 0.0f;
    return b;
  }
  const float p =
      id >= 0 ? c.acts->probs[static_cast<std::size_t>(q) * kVocab + static_cast<std::size_t>(id)] : 0.0f;
  machine::add_number(b.numbers, "probability", p);
  b.caption = "Its value carries what stands there, " + kc + ", to the end of the text: the column for " +
              kc + " rises to " + fmt_probability(p) + ".";
  return b;
}

}  // namespace

const BeatScript kCh07 = {.seconds = 4.0, .count = fixed_count<3>, .at = at};

}  // namespace am::ui::beats

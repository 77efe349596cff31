// What the beat files share: the place and head a beat is about, read safely from the
// context, and how its numbers are written. Every number comes from the pass.
#pragma once

#include <array>
#include <string>

#include "../chapters/chapter_common.hpp"
#include "am/machine/beat_notes.hpp"
#include "am/machine/beat_numbers.hpp"
#include "am/ui/beats.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"

namespace am::ui::beats {

// One per chapter file, in chapter order (beat_registry.cpp).
extern const BeatScript kCh00, kCh01, kCh02, kCh03, kCh04, kCh05, kCh07, kCh10;

// The place, character, plate and head a beat is about are the chapters' own
// (query_index, char_at, lifted_layer, lifted_head, head_name, quote_char).
using chapters::char_at;
using chapters::lifted_head;
using chapters::lifted_layer;
using chapters::query_index;
// Every beat names its stage's operation and the parts it brings into focus.
using machine::BeatOp;
using machine::FocusPart;
// The pass's length (0 without a pass).
int beat_length(const ChapterContext& c);
// A number to two decimals, as captions write them.
std::string num(double v);
// A character after an article the sentence already has ("an earlier space", "the
// earlier “d”"): quote_char without its own "the".
std::string char_noun(char c);
// A sentence that starts with a generated name starts with a capital: "the space" ->
// "The space"; a quoted character (“e”) stays as it is.
std::string sentence_start(std::string words);
// The length of a tube's 32 numbers taken as an arrow, written as num writes it.
std::string num_length(const std::array<float, kDModel>& stream);
// A BeatScript's count for chapters whose beats need nothing but a text: `PerText`
// when there is text, else 0.
template <int PerText>
int fixed_count(const AppState& state) {
  return window_length(state) > 0 ? PerText : 0;
}

}  // namespace am::ui::beats

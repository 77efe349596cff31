// What the beat files share: the place and head a beat is about, read safely from the
// context, and how its numbers are written. Every number comes from the pass.
#pragma once

#include <string>

#include "am/machine/beat_numbers.hpp"
#include "am/ui/beats.hpp"
#include "am/ui/text_format.hpp"

namespace am::ui::beats {

// One per chapter file, in chapter order (beat_registry.cpp).
extern const BeatScript kCh00, kCh01, kCh02, kCh03, kCh04, kCh05, kCh07, kCh10;

// The query (zero-based, the last when none is chosen) and its character.
int beat_query(const ChapterContext& c);
char beat_char(const ChapterContext& c, int position);
// The pass's length (0 without a pass).
int beat_length(const ChapterContext& c);
// 'e' (or “space”), as the captions quote characters.
std::string beat_quote(char ch);
// "L1H3" for zero-based (0, 2).
std::string beat_head(int layer, int head);
// A number to two decimals, as captions write them.
std::string num(double v);
// The selected plate (zero-based).
int beat_layer(const ChapterContext& c);
int beat_head_index(const ChapterContext& c);
// Counts of beats that need nothing but a text: `per_text` when there is text, else 0.
int fixed_count(const AppState& state, int per_text);

}  // namespace am::ui::beats

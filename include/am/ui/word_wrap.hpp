// Line breaking that treats a number as one word: lines break only at plain spaces
// (ImGui's own wrapping also breaks after '.' and ',', which splits "0.95" and
// "27,166"). No-break spaces (U+00A0, U+202F) never break. Pure: the caller measures.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

namespace am::ui {

// Splits `text` into lines no wider than `width` (a word longer than a line gets a line
// of its own). `measure` returns the width of a piece of text. Newlines end a line.
std::vector<std::string_view> wrap_words(std::string_view text, float width,
                                         const std::function<float(std::string_view)>& measure);

// A row of widgets that wraps: whether an item `width` wide still fits after one that
// ends at `item_right`, with `spacing` between, when the row ends at `row_right`.
inline bool fits_beside(float item_right, float spacing, float width, float row_right) {
  return item_right + spacing + width <= row_right;
}

}  // namespace am::ui

// Line breaking that treats a number as one word: lines break only at plain spaces
// (ImGui's own wrapping also breaks after '.' and ',', which splits "0.95" and
// "27,166"). No-break spaces (U+00A0, U+202F) never break. Pure: the caller measures.
#pragma once

#include <functional>
#include <string>
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

// A one-line strip (the status line): the message first, then as many whole fields as
// still fit, joined by "  |  ". A message wider than the line keeps its first whole
// words and ends in "..."; nothing is ever broken inside a word.
struct OneLine {
  std::string message;  // the message as shown (maybe shortened)
  std::string fields;   // the fields that fit, joined; empty when none fits
  bool shortened = false;  // true when a word or a field had to go
};
OneLine fit_one_line(std::string_view message, const std::vector<std::string>& fields, float width,
                     const std::function<float(std::string_view)>& measure);
inline constexpr std::string_view kFieldSeparator = "  |  ";

}  // namespace am::ui

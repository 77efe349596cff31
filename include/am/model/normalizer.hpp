// Turns any UTF-8 text (training text or what a user types) into the model's
// 30-character alphabet, and reports what it changed so the UI can show it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace am {

struct NormalizeReport {
  std::size_t lowercased = 0;       // A-Z (and accented capitals) made lower-case
  std::size_t accents_removed = 0;  // é -> e, ß -> ss, æ -> ae ...
  std::size_t quotes_straightened = 0;  // ’ ‘ -> '
  std::size_t marks_to_stop = 0;    // ! ? ; : -> .
  std::size_t to_space = 0;         // tabs, newlines, hyphens, dashes -> space
  std::size_t dropped = 0;          // characters with no place in the alphabet
  std::size_t invalid_utf8 = 0;     // malformed bytes (dropped)
  std::size_t collapsed = 0;        // repeated spaces or full stops merged

  bool changed() const;
  // One short human sentence, e.g. "3 capitals lower-cased, 2 characters dropped".
  std::string summary() const;
};

struct Normalized {
  std::string text;       // only alphabet characters
  std::vector<int> ids;   // one id per character of text
  NormalizeReport report;
};

Normalized normalize(std::string_view utf8);

}  // namespace am

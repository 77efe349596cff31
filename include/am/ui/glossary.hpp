// The jargon of the chapters, each word with one plain sentence. Chapter text shows
// a term's sentence when it is hovered; F1's help lists them all.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace am::ui {

struct GlossaryEntry {
  std::string_view term;       // as it appears in text, lower case ("softmax", "dot product")
  std::string_view sentence;   // one plain sentence
};

std::span<const GlossaryEntry> glossary();

struct TermMatch {
  std::size_t start = 0, length = 0;  // bytes in the searched text
  const GlossaryEntry* entry = nullptr;
};

// Whole-word, case-insensitive occurrences of glossary terms in `text`, in order, not
// overlapping (the longer term wins: "induction score" over "induction").
std::vector<TermMatch> find_terms(std::string_view text);

}  // namespace am::ui

// What the chapter column says, as the state dump records it: the words shown, the
// question and the try-this (issue contracts: chapter_text, question, try_this).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "am/ui/chapter.hpp"

namespace am::ui {

// The plain words the chapter shows with "the numbers" closed: its text and caption.
std::string chapter_text(const Chapter& chapter, const ChapterContext& context);
// Words in a text (runs of letters, digits or apostrophes).
int word_count(const std::string& text);

// {chapter_text, chapter_numbers, question {prompt, revealed, choices, hides}, try_this
// {words, actions, expect}}; question is null for a chapter without one.
nlohmann::ordered_json dump_chapter(const AppState& state, const ChapterContext& context);

}  // namespace am::ui

// The registry of the twelve chapters, and entering one.
#pragma once

#include <string>
#include <vector>

#include "am/ui/chapter.hpp"

namespace am::ui {

inline constexpr int kChapterCount = 13;

// All chapters in order; chapter k is at index k.
const std::vector<Chapter>& all_chapters();
// nullptr for a number outside [0, kChapterCount).
const Chapter* find_chapter(int number);
// "N  Title" per line, for --list-chapters.
std::string list_chapters();

// Switches to a chapter: its default text, its lifted head, a fresh question; and
// unless it keeps the step, the final checkpoint (when `steps` is not empty).
// Pulled heads stay pulled.
void enter_chapter(AppState& state, const Chapter& chapter, const ChapterContext& context,
                   const std::vector<std::int64_t>& steps);

}  // namespace am::ui

#include "am/ui/chapter_dump.hpp"

#include <cctype>

#include "am/ui/chapters.hpp"

namespace am::ui {

std::string chapter_text(const Chapter& chapter, const ChapterContext& context) {
  return chapter.body(context) + "\n\n" + chapter.caption(context);
}

int word_count(const std::string& text) {
  int words = 0;
  bool in_word = false;
  for (unsigned char c : text) {
    const bool part = std::isalnum(c) || c == '\'' || c >= 0x80;
    if (part && !in_word) ++words;
    in_word = part;
  }
  return words;
}

nlohmann::ordered_json dump_chapter(const AppState& state, const ChapterContext& context) {
  nlohmann::ordered_json j;
  const Chapter* chapter = find_chapter(state.chapter);
  if (!chapter) return j;
  j["chapter_text"] = chapter_text(*chapter, context);
  j["chapter_numbers"] = chapter->numbers(context);
  if (chapter->predict) {
    const PredictQuestion& q = *chapter->predict;
    j["question"] = {{"prompt", q.prompt(context)},
                     {"revealed", !question_open(state)},
                     {"choices", q.choices ? q.choices(context) : std::vector<std::string>{}},
                     {"hides", hides_names(q.hides)}};
  } else {
    j["question"] = nullptr;
  }
  const TryThis& t = chapter->try_this;
  nlohmann::ordered_json tj;
  tj["words"] = t.words(context);
  tj["actions"] = t.actions ? t.actions(context) : std::vector<std::string>{};
  tj["expect"] = t.expect ? t.expect(context).words : std::string();
  j["try_this"] = tj;
  return j;
}

}  // namespace am::ui

// A lesson ("attention-machine-lesson", version 1; docs/view_format.md): an ordered list
// of views, each with a title and a teacher's note. Pure reading and writing, like views.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "am/core/result.hpp"
#include "am/store/view_file.hpp"

namespace am::store {

inline constexpr const char* kLessonFormat = "attention-machine-lesson";
inline constexpr int kLessonVersion = 1;
inline constexpr std::size_t kMaxLessonViews = 200;
inline constexpr std::size_t kMaxLessonFileBytes = 8u << 20;
inline constexpr std::size_t kMaxLessonNoteBytes = 4096;

struct LessonEntry {
  std::string title;
  std::string note;  // shown as a caption in presentation mode
  ViewFile view;
  bool operator==(const LessonEntry&) const = default;
};

struct Lesson {
  std::string title;
  std::vector<LessonEntry> entries;
  bool operator==(const Lesson&) const = default;
};

std::string lesson_to_json(const Lesson& lesson);
// `label` names the source in messages ("lesson.json: field 'views[2].note': ...").
Result<Lesson> lesson_from_json(std::string_view text, const std::string& label);
Result<Lesson> read_lesson_file(const std::filesystem::path& path);
Status write_lesson_file(const std::filesystem::path& path, const Lesson& lesson);

// Moves entry `from` one place up (-1) or down (+1); false when it cannot move.
bool move_lesson_entry(Lesson& lesson, std::size_t from, int direction);

}  // namespace am::store

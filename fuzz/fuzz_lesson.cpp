// libFuzzer entry: any bytes as a lesson. A lesson that reads writes out and reads back
// the same; anything else is refused with a message that names the file.
#include <cstddef>
#include <cstdint>
#include <string>

#include "am/store/lesson_file.hpp"
#include "fuzz_common.hpp"

namespace {
constexpr const char* kTarget = "fuzz_lesson";
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto lesson = am::store::lesson_from_json(text, "fuzz/lesson.json");
  if (!lesson) {
    if (lesson.error().rfind("fuzz/lesson.json", 0) != 0)
      am::fuzz::broken(kTarget, "a refusal did not name the file");
    return 0;
  }
  if (lesson->entries.size() > am::store::kMaxLessonViews)
    am::fuzz::broken(kTarget, "too many views were accepted");
  const auto again = am::store::lesson_from_json(am::store::lesson_to_json(*lesson), "again");
  if (!again) am::fuzz::broken(kTarget, "a written lesson did not read back");
  if (!(*again == *lesson)) am::fuzz::broken(kTarget, "a lesson changed in a write + read");
  return 0;
}

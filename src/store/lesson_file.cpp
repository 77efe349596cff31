#include "am/store/lesson_file.hpp"

#include <fstream>
#include <span>
#include <sstream>

#include <nlohmann/json.hpp>

#include "am/model/safetensors.hpp"

namespace am::store {
namespace {

using Json = nlohmann::json;

Result<std::string> lesson_text(const Json& j, const std::string& where, const std::string& field,
                                std::size_t max_bytes) {
  const auto it = j.find(field.substr(field.rfind('.') + 1));
  if (it == j.end() || it->is_null()) return std::string();
  if (!it->is_string()) return fail(where + ": field '" + field + "': needs text in quotes");
  const std::string& s = it->get_ref<const std::string&>();
  if (s.size() > max_bytes)
    return fail(where + ": field '" + field + "': is " + std::to_string(s.size()) + " bytes long; at most " +
                std::to_string(max_bytes));
  return s;
}

Result<LessonEntry> read_entry(const Json& e, const std::string& where, std::size_t i) {
  const std::string field = "views[" + std::to_string(i) + "]";
  if (!e.is_object())
    return fail(where + ": field '" + field + "': needs an object with title, note and view");
  LessonEntry entry;
  auto title = lesson_text(e, where, field + ".title", 512);
  if (!title) return Error{title.error()};
  entry.title = *title;
  auto note = lesson_text(e, where, field + ".note", kMaxLessonNoteBytes);
  if (!note) return Error{note.error()};
  entry.note = *note;
  const auto view = e.find("view");
  if (view == e.end()) return fail(where + ": field '" + field + ".view': is missing");
  auto v = view_from_object(*view, where + ": " + field + ".view");
  if (!v) return Error{v.error()};
  entry.view = std::move(*v);
  return entry;
}

}  // namespace

std::string lesson_to_json(const Lesson& lesson) {
  nlohmann::ordered_json j;
  j["format"] = kLessonFormat;
  j["version"] = kLessonVersion;
  j["title"] = lesson.title;
  nlohmann::ordered_json views = nlohmann::ordered_json::array();
  for (const LessonEntry& e : lesson.entries)
    views.push_back({{"title", e.title}, {"note", e.note}, {"view", view_to_object(e.view)}});
  j["views"] = views;
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

Result<Lesson> lesson_from_json(std::string_view text, const std::string& label) {
  if (text.size() > kMaxLessonFileBytes)
    return fail(label + ": " + std::to_string(text.size()) + " bytes is too big for a lesson");
  const Json j = Json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) return fail(label + ": not valid JSON (cut short, or not a lesson file)");
  if (!j.is_object()) return fail(label + ": not a lesson (needs a JSON object)");
  const auto format = j.find("format");
  if (format == j.end() || !format->is_string() || format->get_ref<const std::string&>() != kLessonFormat)
    return fail(label + ": field 'format': needs \"" + kLessonFormat + "\"");
  const auto version = j.find("version");
  if (version == j.end() || !version->is_number_integer())
    return fail(label + ": field 'version': needs a whole number");
  if (version->is_number_unsigned() ? version->get<std::uint64_t>() != kLessonVersion
                                    : version->get<std::int64_t>() != kLessonVersion)
    return fail(label + ": field 'version': is " + version->dump() + "; this app reads version " +
                std::to_string(kLessonVersion));
  Lesson lesson;
  auto title = lesson_text(j, label, "title", 512);
  if (!title) return Error{title.error()};
  lesson.title = *title;
  const auto views = j.find("views");
  if (views == j.end() || !views->is_array()) return fail(label + ": field 'views': needs a list of views");
  if (views->size() > kMaxLessonViews)
    return fail(label + ": field 'views': holds " + std::to_string(views->size()) + " views; at most " +
                std::to_string(kMaxLessonViews));
  for (std::size_t i = 0; i < views->size(); ++i) {
    auto entry = read_entry((*views)[i], label, i);
    if (!entry) return Error{entry.error()};
    lesson.entries.push_back(std::move(*entry));
  }
  return lesson;
}

Result<Lesson> read_lesson_file(const std::filesystem::path& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return fail(path.string() + ": cannot read (" + ec.message() + ")");
  if (size > kMaxLessonFileBytes)
    return fail(path.string() + ": " + std::to_string(size) + " bytes is too big for a lesson");
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) return fail(path.string() + ": cannot read");
  return lesson_from_json(bytes.str(), path.string());
}

Status write_lesson_file(const std::filesystem::path& path, const Lesson& lesson) {
  const std::string text = lesson_to_json(lesson);
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  return write_file_atomically(path, std::span<const std::uint8_t>(bytes, text.size()));
}

bool move_lesson_entry(Lesson& lesson, std::size_t from, int direction) {
  if (from >= lesson.entries.size() || (direction != -1 && direction != 1)) return false;
  if ((direction < 0 && from == 0) || (direction > 0 && from + 1 >= lesson.entries.size())) return false;
  const std::size_t to = direction < 0 ? from - 1 : from + 1;
  std::swap(lesson.entries[from], lesson.entries[to]);
  return true;
}

}  // namespace am::store

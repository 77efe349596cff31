// Saved views and lessons: a round trip keeps every field, and every kind of bad file
// (malformed, cut short, another version, hostile values) is refused with a message
// naming the file and the field.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "am/store/lesson_file.hpp"
#include "am/store/view_file.hpp"

using namespace am;
using namespace am::ui;
using namespace am::store;

namespace {

ViewFile sample_view() {
  ViewFile v;
  v.run_name = "repeated";
  v.checkpoint_hash = "fnv1a64:0123456789abcdef";
  v.step = 1500;
  v.text = "qzxv kplw qzxv kp";
  v.chapter = 9;
  v.beat = 3;
  v.pulled.pulled[1][3] = true;
  v.pulled.pulled[0][1] = true;
  v.selected_query = 16;
  v.lifted_layer = 1;
  v.lifted_head = 2;
  v.corrupted_text = "abc";
  v.camera = ViewCamera{{0.5f, 1.25f, -2.0f}, 0.75f, 0.3f, 9.5f};
  v.presentation = true;
  return v;
}

std::string with(const std::string& field, const nlohmann::json& value) {
  nlohmann::json j = nlohmann::json::parse(view_to_json(sample_view()));
  j[nlohmann::json::json_pointer(field)] = value;
  return j.dump();
}

}  // namespace

TEST_CASE("a view survives writing and reading back", "[view]") {
  const ViewFile v = sample_view();
  auto back = view_from_json(view_to_json(v), "v.json");
  REQUIRE(back);
  CHECK(*back == v);
  const nlohmann::json j = nlohmann::json::parse(view_to_json(v));
  CHECK(j["format"] == "attention-machine-view");
  CHECK(j["version"] == 1);
  CHECK(j["pulled_heads"] == nlohmann::json::array({"L1H2", "L2H4"}));
  CHECK(j["lifted_head"] == "L2H3");
  CHECK(j["attribution_target"].is_null());
}

TEST_CASE("the optional fields may be missing", "[view]") {
  auto v = view_from_json(
      R"({"format":"attention-machine-view","version":1,"run":{"name":"plain"},"step":0,"text":"","chapter":0})",
      "min.json");
  REQUIRE(v);
  CHECK(!v->camera);
  CHECK(!v->beat);
  CHECK(!v->pulled.any());
  CHECK(v->checkpoint_hash.empty());
}

TEST_CASE("bad views name the file and the field", "[view]") {
  const std::string good = view_to_json(sample_view());
  struct Case {
    std::string text, wanted;
  };
  const Case cases[] = {
      {good.substr(0, good.size() / 2), "not valid JSON"},
      {"", "not valid JSON"},
      {"[1,2]", "not a view"},
      {with("/version", 2), "field 'version': is 2"},
      {with("/version", "1"), "field 'version'"},
      {with("/format", "attention-machine-lesson"), "field 'format'"},
      {with("/step", -5), "field 'step'"},
      {with("/step", 1.5), "field 'step'"},
      {with("/step", 18446744073709551615ull), "field 'step'"},
      {with("/chapter", 99), "field 'chapter'"},
      {with("/beat", 100000), "field 'beat'"},
      {with("/text", 12), "field 'text'"},
      {with("/text", std::string(100000, 'a')), "field 'text'"},
      {with("/pulled_heads", nlohmann::json::array({"L9H9"})), "field 'pulled_heads'"},
      {with("/pulled_heads", "L1H1"), "field 'pulled_heads'"},
      {with("/lifted_head", "head"), "field 'lifted_head'"},
      {with("/selected_query", 0), "field 'selected_query'"},
      {with("/camera/distance", -4), "field 'camera.distance'"},
      {with("/camera/distance", 1e300), "field 'camera.distance'"},
      {with("/camera/target", nlohmann::json::array({1, 2})), "field 'camera.target'"},
      {with("/camera/pitch", "up"), "field 'camera.pitch'"},
      {with("/run", "repeated"), "field 'run'"},
      {with("/presentation", 1), "field 'presentation'"},
  };
  for (const Case& c : cases) {
    auto v = view_from_json(c.text, "bad.json");
    INFO(c.text.substr(0, 200));
    REQUIRE_FALSE(v);
    CHECK(v.error().rfind("bad.json", 0) == 0);
    CHECK_THAT(v.error(), Catch::Contains(c.wanted));
  }
}

TEST_CASE("view files are written whole and read back; a missing file is named", "[view]") {
  const auto dir = std::filesystem::temp_directory_path() / "am_test_view_file";
  std::filesystem::create_directories(dir);
  const auto path = dir / "v.json";
  REQUIRE(write_view_file(path, sample_view()));
  auto back = read_view_file(path);
  REQUIRE(back);
  CHECK(*back == sample_view());
  CHECK_FALSE(std::filesystem::exists(path.string() + ".tmp"));
  auto missing = read_view_file(dir / "nope.json");
  REQUIRE_FALSE(missing);
  CHECK_THAT(missing.error(), Catch::Contains("nope.json"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("the weights hash changes with any weight", "[view]") {
  Weights w;
  const std::string a = weights_hash(w);
  w.values[12345] = 1e-7f;
  const std::string b = weights_hash(w);
  CHECK(a.rfind("fnv1a64:", 0) == 0);
  CHECK(a.size() == 8 + 16);
  CHECK(a != b);
  CHECK(weights_hash(w) == b);
}

TEST_CASE("a lesson survives a round trip; bad lessons name the entry and the field", "[lesson]") {
  Lesson lesson;
  lesson.title = "Induction";
  lesson.entries.push_back({"First", "Look at the thread.", sample_view()});
  ViewFile second = sample_view();
  second.chapter = 2;
  second.camera.reset();
  lesson.entries.push_back({"Second", "", second});
  auto back = lesson_from_json(lesson_to_json(lesson), "l.json");
  REQUIRE(back);
  CHECK(*back == lesson);

  nlohmann::json j = nlohmann::json::parse(lesson_to_json(lesson));
  j["views"][1]["view"]["step"] = "late";
  auto bad = lesson_from_json(j.dump(), "l.json");
  REQUIRE_FALSE(bad);
  CHECK_THAT(bad.error(), Catch::Contains("l.json: views[1].view: field 'step'"));
  j = nlohmann::json::parse(lesson_to_json(lesson));
  j["version"] = 7;
  CHECK_THAT(lesson_from_json(j.dump(), "l.json").error(), Catch::Contains("field 'version': is 7"));
  j = nlohmann::json::parse(lesson_to_json(lesson));
  j["views"][0]["note"] = 5;
  CHECK_THAT(lesson_from_json(j.dump(), "l.json").error(), Catch::Contains("field 'views[0].note'"));
  const std::string text = lesson_to_json(lesson);
  CHECK_THAT(lesson_from_json(text.substr(0, text.size() - 20), "l.json").error(),
             Catch::Contains("not valid JSON"));
  CHECK(file_format_of(text) == "attention-machine-lesson");
  CHECK(file_format_of(view_to_json(second)) == "attention-machine-view");
  CHECK(file_format_of("garbage").empty());
}

TEST_CASE("lesson entries move up and down within the list", "[lesson]") {
  Lesson lesson;
  for (const char* t : {"a", "b", "c"}) lesson.entries.push_back({t, "", ViewFile{}});
  CHECK(move_lesson_entry(lesson, 2, -1));
  CHECK(lesson.entries[1].title == "c");
  CHECK_FALSE(move_lesson_entry(lesson, 0, -1));
  CHECK_FALSE(move_lesson_entry(lesson, 2, +1));
  CHECK(move_lesson_entry(lesson, 0, +1));
  CHECK(lesson.entries[0].title == "c");
  CHECK(lesson.entries[1].title == "a");
}

// Wrapping breaks at plain spaces only, so numbers stay whole.
#include <catch2/catch.hpp>

#include <string>

#include "am/ui/text_format.hpp"
#include "am/ui/word_wrap.hpp"

using namespace am::ui;

namespace {
// One unit per byte: easy to reason about.
float bytes(std::string_view s) { return static_cast<float>(s.size()); }
}  // namespace

TEST_CASE("wrap: lines break at spaces and fit the width", "[wrap]") {
  const auto lines = wrap_words("the queen. the qu", 10.0f, bytes);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "the queen.");
  CHECK(lines[1] == "the qu");
}

TEST_CASE("wrap: a number with its separators and unit is never split", "[wrap]") {
  const std::string text = "it has " + fmt_int(27166) + " parameters and " + fmt_percent(0.0004) + " or 0.95 left";
  for (float width = 4.0f; width < 60.0f; width += 1.0f) {
    const auto lines = wrap_words(text, width, bytes);
    std::string joined;
    for (auto l : lines) {
      CHECK((bytes(l) <= width || l.find(' ') == std::string_view::npos));  // only a single long word overflows
      joined += std::string(l) + "|";
    }
    CHECK(joined.find(fmt_int(27166)) != std::string::npos);
    CHECK(joined.find(fmt_percent(0.0004)) != std::string::npos);
    CHECK(joined.find("0.95") != std::string::npos);
  }
}

TEST_CASE("wrap: newlines end lines and empty text gives one empty line", "[wrap]") {
  const auto lines = wrap_words("ab\ncd ef", 100.0f, bytes);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "ab");
  CHECK(lines[1] == "cd ef");
  const auto none = wrap_words("", 10.0f, bytes);
  REQUIRE(none.size() == 1);
  CHECK(none[0].empty());
}

TEST_CASE("wrap: a widget goes beside the last one only while it fits the row", "[wrap]") {
  CHECK(am::ui::fits_beside(100.0f, 8.0f, 92.0f, 200.0f));         // ends exactly at the edge
  CHECK_FALSE(am::ui::fits_beside(100.0f, 8.0f, 92.5f, 200.0f));   // half a pixel over
  CHECK_FALSE(am::ui::fits_beside(190.0f, 8.0f, 3.0f, 200.0f));  // 201
}

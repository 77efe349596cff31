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

TEST_CASE("status line: the message first, then whole fields, never a broken word", "[wrap][status]") {
  const std::vector<std::string> fields = {"chapter 3 of 11", "step 4,000", "F1: help"};
  // Wide enough for everything: "saved  |  chapter 3 of 11  |  step 4,000  |  F1: help" is 53 bytes.
  OneLine all = fit_one_line("saved", fields, 53.0f, bytes);
  CHECK(all.message == "saved");
  CHECK(all.fields == "  |  chapter 3 of 11  |  step 4,000  |  F1: help");
  CHECK_FALSE(all.shortened);
  // One byte less: the last field goes whole.
  OneLine less = fit_one_line("saved", fields, 52.0f, bytes);
  CHECK(less.fields == "  |  chapter 3 of 11  |  step 4,000");
  CHECK(less.shortened);
  // No message: the fields start without a separator; "chapter" is never cut into letters.
  OneLine narrow = fit_one_line("", fields, 10.0f, bytes);
  CHECK(narrow.message.empty());
  CHECK(narrow.fields.empty());
  CHECK(fit_one_line("", fields, 15.0f, bytes).fields == "chapter 3 of 11");
  // A message wider than the line keeps its first whole words and ends in "...".
  OneLine cut = fit_one_line("could not read the file runs/big.json", fields, 20.0f, bytes);
  CHECK(cut.message == "could not read...");
  CHECK(cut.fields.empty());
  CHECK(cut.shortened);
}

// The one-table enum names (am/core/named_enum.hpp): both directions and the message list.
#include <catch2/catch.hpp>

#include <string>

#include "am/core/named_enum.hpp"

using namespace am;

namespace {

enum class Colour { kRed, kGreen, kBlue, kUnnamed };
constexpr NamedValue<Colour> kColours[] = {
    {Colour::kRed, "red"}, {Colour::kGreen, "green"}, {Colour::kBlue, "blue"}, {Colour::kBlue, "navy"}};

}  // namespace

TEST_CASE("a name table reads both ways, an alias only parses", "[named_enum]") {
  CHECK(std::string(name_of(kColours, Colour::kGreen)) == "green");
  CHECK(std::string(name_of(kColours, Colour::kBlue)) == "blue");  // the first entry names it
  CHECK(std::string(name_of(kColours, Colour::kUnnamed)) == "?");
  CHECK(std::string(name_of(kColours, Colour::kUnnamed, "none")) == "none");
  CHECK(parse_name(kColours, "red") == Colour::kRed);
  CHECK(parse_name(kColours, "navy") == Colour::kBlue);
  CHECK_FALSE(parse_name(kColours, "Red").has_value());  // exact spelling only
  CHECK_FALSE(parse_name(kColours, "").has_value());
  static_assert(*parse_name(kColours, "green") == Colour::kGreen);
}

TEST_CASE("a name table lists its names for a message, without aliases", "[named_enum]") {
  CHECK(names_listed(kColours) == "red, green or blue");
  CHECK(names_listed(kColours, ", ") == "red, green, blue");
  constexpr NamedValue<Colour> kOne[] = {{Colour::kRed, "red"}};
  CHECK(names_listed(kOne) == "red");
}

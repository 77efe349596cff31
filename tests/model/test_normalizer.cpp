// The normalizer: every class of input the issue lists, with exact outputs and counts.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "am/model/alphabet.hpp"
#include "am/model/normalizer.hpp"

using namespace am;

namespace {

// Every output character is in the alphabet, ids match, and no run survives.
void check_invariants(const Normalized& n) {
  REQUIRE(n.ids.size() == n.text.size());
  for (std::size_t i = 0; i < n.text.size(); ++i) {
    REQUIRE(char_to_id(n.text[i]) >= 0);
    REQUIRE(n.ids[i] == char_to_id(n.text[i]));
  }
  CHECK(n.text.find("  ") == std::string::npos);
  CHECK(n.text.find("..") == std::string::npos);
}

}  // namespace

TEST_CASE("accented letters fold to their base letters") {
  struct Case {
    const char* input;
    const char* expected;
    std::size_t accents;
    std::size_t lowercased;
  };
  const Case cases[] = {
      {"caf\xC3\xA9", "cafe", 1, 0},                  // é
      {"\xC3\xBC" "ber", "uber", 1, 0},               // ü
      {"gar\xC3\xA7on", "garcon", 1, 0},              // ç
      {"stra\xC3\x9F" "e", "strasse", 1, 0},          // ß -> ss
      {"\xC3\xA6on", "aeon", 1, 0},                   // æ -> ae
      {"\xC3\x98resund", "oresund", 1, 1},            // Ø: capital, so lower-cased too
      {"\xC3\x89t\xC3\xA9", "ete", 2, 1},             // É é
      {"\xC5\x82\xC3\xB3" "d\xC5\xBA", "lodz", 3, 0}, // ł ó ź (Latin Extended-A)
      {"Erd\xC5\x91s", "erdos", 1, 1},                // ő
      {"\xC5\x81" "ukasz", "lukasz", 1, 1},           // Ł
      {"\xC5\x93uvre", "oeuvre", 1, 0},               // œ -> oe
      {"\xC4\xB2" "sselmeer", "ijsselmeer", 1, 1},    // Ĳ -> ij
      {"\xC3\xBE" "orn", "thorn", 1, 0},              // þ -> th
      {"\xC3\xBF", "y", 1, 0},                        // ÿ
      {"\xC5\xB8", "y", 1, 1},                        // Ÿ (U+0178)
      {"\xC5\xBF", "s", 1, 0},                        // ſ long s
      {"e\xCC\x81t\xC3\xA9", "ete", 2, 0},            // decomposed é (e + U+0301) and composed é
  };
  for (const auto& c : cases) {
    INFO("input: " << c.input);
    const Normalized n = normalize(c.input);
    CHECK(n.text == c.expected);
    CHECK(n.report.accents_removed == c.accents);
    CHECK(n.report.lowercased == c.lowercased);
    CHECK(n.report.dropped == 0);
    CHECK(n.report.invalid_utf8 == 0);
    check_invariants(n);
  }
}

TEST_CASE("the multiplication and division signs are not letters") {
  const Normalized n = normalize("2\xC3\x97" "3\xC3\xB7" "x");  // 2×3÷x
  CHECK(n.text == "x");
  CHECK(n.report.dropped == 4);
  CHECK(n.report.accents_removed == 0);
}

TEST_CASE("curly single quotes straighten, curly double quotes are dropped") {
  const Normalized n = normalize("\xE2\x80\x9C" "it\xE2\x80\x99s \xE2\x80\x98ok\xE2\x80\x99" "\xE2\x80\x9D");
  CHECK(n.text == "it's 'ok'");
  CHECK(n.report.quotes_straightened == 3);
  CHECK(n.report.dropped == 2);  // “ and ”
  const Normalized straight = normalize("say \"hi\"");
  CHECK(straight.text == "say hi");
  CHECK(straight.report.dropped == 2);
}

TEST_CASE("digits and other symbols are dropped and counted") {
  const Normalized n = normalize("route 66 at 9am #1 (ok) & more");
  CHECK(n.text == "route at am ok more");
  CHECK(n.report.dropped == 8);    // 6 6 9 # 1 ( ) &
  CHECK(n.report.collapsed == 3);  // the spaces left either side of "66", "#1" and "&"
  check_invariants(n);
}

TEST_CASE("emoji are dropped, one count per code point") {
  // 😀 (4 bytes), ❤️ (U+2764 U+FE0F), 👍🏽 (thumbs up + skin tone)
  const Normalized n =
      normalize("hi \xF0\x9F\x98\x80 love \xE2\x9D\xA4\xEF\xB8\x8F yes\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD");
  CHECK(n.text == "hi love yes");
  CHECK(n.report.dropped == 5);
  CHECK(n.report.invalid_utf8 == 0);
  CHECK(n.report.collapsed == 2);  // the spaces either side of each dropped emoji
}

TEST_CASE("exclamation and question marks, semicolons and colons become full stops") {
  const Normalized n = normalize("stop! why? so; then: end");
  CHECK(n.text == "stop. why. so. then. end");
  CHECK(n.report.marks_to_stop == 4);
  CHECK(n.report.collapsed == 0);
  const Normalized ellipsis = normalize("and so\xE2\x80\xA6");  // …
  CHECK(ellipsis.text == "and so.");
  CHECK(ellipsis.report.marks_to_stop == 1);
}

TEST_CASE("tabs, newlines, hyphens and dashes become spaces") {
  struct Case {
    const char* input;
    const char* name;
  };
  const Case cases[] = {{"a\tb", "tab"},
                        {"a\nb", "newline"},
                        {"a\rb", "carriage return"},
                        {"a-b", "hyphen"},
                        {"a\xE2\x80\x94" "b", "em dash"},
                        {"a\xE2\x80\x93" "b", "en dash"},
                        {"a\xE2\x80\x90" "b", "Unicode hyphen"},
                        {"a\xC2\xA0" "b", "no-break space"},
                        {"a\xE2\x88\x92" "b", "minus sign"}};
  for (const auto& c : cases) {
    INFO(c.name);
    const Normalized n = normalize(c.input);
    CHECK(n.text == "a b");
    CHECK(n.report.to_space == 1);
    CHECK(n.report.dropped == 0);
  }
}

TEST_CASE("runs of spaces and of full stops collapse to one") {
  const Normalized n = normalize("a    b...c \t\n d");
  CHECK(n.text == "a b.c d");
  CHECK(n.report.collapsed == 3 + 2 + 3);
  CHECK(n.report.to_space == 2);
  const Normalized mixed = normalize("end.!? next -- word");
  CHECK(mixed.text == "end. next word");
  CHECK(mixed.report.collapsed == 2 + 3);  // ".!?" -> "." and " -- " -> " "
  // A space between stops is not a run.
  CHECK(normalize("a. . b").text == "a. . b");
  // Commas and apostrophes are never collapsed.
  CHECK(normalize("a,,b''c").text == "a,,b''c");
}

TEST_CASE("invalid UTF-8 never crashes and every malformed byte is counted") {
  struct Case {
    std::string input;
    const char* name;
    std::size_t invalid;
  };
  const Case cases[] = {
      {"a\x80z", "lone continuation byte", 1},
      {"a\xBF\x80z", "two lone continuation bytes", 2},
      {"a\xC3z", "truncated 2-byte sequence before ASCII", 1},
      {"a\xE2\x82z", "truncated 3-byte sequence before ASCII", 2},
      {"az\xE2\x82", "truncated 3-byte sequence at the end", 2},
      {"az\xF0\x9F\x98", "truncated 4-byte sequence at the end", 3},
      {"a\xC0\xAFz", "overlong '/' (2 bytes)", 2},
      {"a\xC1\xBFz", "overlong (C1 lead)", 2},
      {"a\xE0\x80\xAFz", "overlong '/' (3 bytes)", 3},
      {"a\xF0\x80\x80\xAFz", "overlong '/' (4 bytes)", 4},
      {"a\xED\xA0\x80z", "high surrogate U+D800", 3},
      {"a\xED\xBF\xBFz", "low surrogate U+DFFF", 3},
      {"a\xF4\x90\x80\x80z", "U+110000, past the last code point", 4},
      {"a\xF5\x80\x80\x80z", "F5 lead byte", 4},
      {"a\xF8\x88\x80\x80\x80z", "5-byte form", 5},
      {"a\xFFz", "0xFF", 1},
      {"a\xFEz", "0xFE", 1},
      {"a\xF0\x9F\xC3\xA9z", "broken 4-byte sequence then a valid e-acute", 2},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    const Normalized n = normalize(c.input);
    const std::string expected = std::string(c.name).find("e-acute") != std::string::npos ? "aez" : "az";
    CHECK(n.text == expected);
    CHECK(n.report.invalid_utf8 == c.invalid);
    CHECK(n.report.dropped == 0);
    CHECK(n.report.changed());
    CHECK(n.report.summary().find("invalid byte") != std::string::npos);
  }
  // The largest valid code point and the last one before the surrogates are fine (and dropped as symbols).
  const Normalized edge = normalize("a\xF4\x8F\xBF\xBF\xED\x9F\xBFz");
  CHECK(edge.text == "az");
  CHECK(edge.report.invalid_utf8 == 0);
  CHECK(edge.report.dropped == 2);
}

TEST_CASE("random bytes never break the output's invariants") {
  std::mt19937 rng(12345);
  for (int round = 0; round < 200; ++round) {
    std::string bytes(static_cast<std::size_t>(rng() % 300), '\0');
    for (char& b : bytes) b = static_cast<char>(rng() & 0xFF);
    const Normalized n = normalize(bytes);
    check_invariants(n);
    CHECK(n.text.size() <= 2 * bytes.size());  // at most "ss"/"ae"/... per input byte pair
  }
}

TEST_CASE("10 kB of input is normalized in full") {
  // 100-byte unit: 1 capital, 2 accents (é ß), 1 curly quote, a digit, an emoji, ! and a dash.
  std::string unit = "Caf\xC3\xA9 stra\xC3\x9F" "e it\xE2\x80\x99s 7 \xF0\x9F\x98\x80 ok! well\xE2\x80\x94yes ";
  const std::string once = normalize(unit).text;
  std::string big;
  int repeats = 0;
  while (big.size() < 10240) {
    big += unit;
    ++repeats;
  }
  const Normalized n = normalize(big);
  check_invariants(n);
  CHECK(once == "cafe strasse it's ok. well yes ");
  CHECK(n.text.size() == once.size() * static_cast<std::size_t>(repeats));
  CHECK(n.report.lowercased == static_cast<std::size_t>(repeats));
  CHECK(n.report.accents_removed == 2u * static_cast<std::size_t>(repeats));
  CHECK(n.report.dropped == 2u * static_cast<std::size_t>(repeats));
  CHECK(n.report.invalid_utf8 == 0);
}

TEST_CASE("a byte-order mark is not text") {
  const Normalized start = normalize("\xEF\xBB\xBFhello");
  CHECK(start.text == "hello");
  CHECK_FALSE(start.report.changed());
  const Normalized middle = normalize("he\xEF\xBB\xBFllo");
  CHECK(middle.text == "hello");
  CHECK(middle.report.invalid_utf8 == 0);
  CHECK(normalize("\xEF\xBB\xBF").text.empty());
  CHECK(normalize("\xEF\xBB").report.invalid_utf8 == 2);  // a truncated BOM is just bad bytes
}

TEST_CASE("empty input gives empty output and an unchanged report") {
  const Normalized n = normalize("");
  CHECK(n.text.empty());
  CHECK(n.ids.empty());
  CHECK_FALSE(n.report.changed());
  CHECK(n.report.summary() == "unchanged");
}

TEST_CASE("the report counts each kind of change and summarizes it") {
  const Normalized plain = normalize("already fine, isn't it.");
  CHECK(plain.text == "already fine, isn't it.");
  CHECK_FALSE(plain.report.changed());
  CHECK(plain.report.summary() == "unchanged");

  const Normalized n = normalize("Hi!  \xC3\x89t\xC3\xA9 \xE2\x80\x99" "7\xFF");
  CHECK(n.text == "hi. ete '");
  const NormalizeReport& r = n.report;
  CHECK(r.lowercased == 2);  // H and É
  CHECK(r.accents_removed == 2);
  CHECK(r.quotes_straightened == 1);
  CHECK(r.marks_to_stop == 1);
  CHECK(r.to_space == 0);
  CHECK(r.dropped == 1);
  CHECK(r.invalid_utf8 == 1);
  CHECK(r.collapsed == 1);
  CHECK(r.changed());
  CHECK(r.summary() ==
        "2 capitals lower-cased, 2 accents removed, 1 curly quote straightened, "
        "1 mark turned into a full stop, 1 character dropped (not in the alphabet), "
        "1 invalid byte dropped, 1 repeated space or full stop merged");

  const Normalized one_each = normalize("A-b");
  CHECK(one_each.report.summary() == "1 capital lower-cased, 1 line break, tab or dash turned into a space");
  const Normalized dashes = normalize("a-b-c");
  CHECK(dashes.report.summary() == "2 line breaks, tabs or dashes turned into spaces");
}

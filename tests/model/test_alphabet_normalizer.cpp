#include <catch2/catch.hpp>

#include "am/model/alphabet.hpp"
#include "am/model/normalizer.hpp"

using namespace am;

TEST_CASE("alphabet maps all 30 characters both ways") {
  REQUIRE(kAlphabet.size() == 30);
  for (int id = 0; id < 30; ++id) CHECK(char_to_id(id_to_char(id)) == id);
  CHECK(char_to_id('A') == -1);
  CHECK(char_to_id('7') == -1);
}

TEST_CASE("normalizer lower-cases, folds accents and straightens quotes") {
  const Normalized n = normalize("Caf\xC3\xA9 Na\xC3\xAFve \xE2\x80\x98hi\xE2\x80\x99");
  CHECK(n.text == "cafe naive 'hi'");
  CHECK(n.report.lowercased == 2);
  CHECK(n.report.accents_removed == 2);
  CHECK(n.report.quotes_straightened == 2);
  CHECK(n.ids.size() == n.text.size());
}

TEST_CASE("normalizer maps marks to full stops and collapses runs") {
  const Normalized n = normalize("Wait!!  What?\n\nNo;  yes: ok...");
  CHECK(n.text == "wait. what. no. yes. ok.");
  CHECK(n.report.marks_to_stop == 5);  // ! ! ? ; : are each counted
}

TEST_CASE("normalizer turns dashes and whitespace into spaces and drops the rest") {
  const Normalized n = normalize("well-known \xE2\x80\x94 42 \"quoted\" \xF0\x9F\x98\x80 end");
  CHECK(n.text == "well known quoted end");
  CHECK(n.report.dropped > 0);
}

TEST_CASE("normalizer survives invalid UTF-8") {
  const std::string bad = std::string("ab\xFF\xC3") + "c\xE2\x82" + "\xED\xA0\x80" + "\xC0\xAF" + "d";
  const Normalized n = normalize(bad);
  CHECK(n.text == "abcd");
  CHECK(n.report.invalid_utf8 > 0);
}

TEST_CASE("normalizer handles 10 kB of mixed input") {
  std::string big;
  while (big.size() < 10240) big += "The Qu\xC3\xA9\x65n, 12! \xE2\x80\x94 \xF0\x9F\x91\x91 ";
  const Normalized n = normalize(big);
  CHECK(n.text.size() > 5000);
  for (char c : n.text) CHECK(char_to_id(c) >= 0);
  CHECK(n.text.find("  ") == std::string::npos);
}

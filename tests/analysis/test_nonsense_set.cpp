#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "am/analysis/nonsense_set.hpp"
#include "am/model/alphabet.hpp"

using namespace am::analysis;

TEST_CASE("the nonsense set has 200 sequences, 40 for each of 2..6 words") {
  const NonsenseSet& set = standard_nonsense_set();
  REQUIRE(set.sequences.size() == 200);
  std::map<int, int> per_words;
  for (const auto& s : set.sequences) ++per_words[s.words];
  CHECK(per_words == std::map<int, int>{{2, 40}, {3, 40}, {4, 40}, {5, 40}, {6, 40}});
}

TEST_CASE("each sequence is S + space + S with 3..5-letter words and S <= 31") {
  for (const auto& s : standard_nonsense_set().sequences) {
    INFO(s.text);
    CHECK(s.half.size() <= 31);
    CHECK(s.text == s.half + " " + s.half);
    CHECK(s.ids == am::encode(s.text));
    CHECK(s.ids.size() == s.text.size());
    CHECK(s.text.size() <= 63);
    int words = 0;
    std::size_t start = 0;
    while (start <= s.half.size()) {
      std::size_t end = s.half.find(' ', start);
      if (end == std::string::npos) end = s.half.size();
      const std::string word = s.half.substr(start, end - start);
      CHECK(word.size() >= 3);
      CHECK(word.size() <= 5);
      for (char c : word) CHECK((c >= 'a' && c <= 'z'));
      ++words;
      start = end + 1;
    }
    CHECK(words == s.words);
  }
}

TEST_CASE("six-word halves are resampled, never cut: the longest halves still hold six words") {
  // 6 words of 3..5 letters span 23..35 characters; only those <= 31 may appear.
  std::set<std::size_t> lengths;
  for (const auto& s : standard_nonsense_set().sequences)
    if (s.words == 6) lengths.insert(s.half.size());
  CHECK(*lengths.begin() >= 23);
  CHECK(*lengths.rbegin() <= 31);
}

TEST_CASE("the set is a pure function of its seed") {
  const NonsenseSet a = make_nonsense_set(99), b = make_nonsense_set(99), c = make_nonsense_set(100);
  REQUIRE(a.sequences.size() == b.sequences.size());
  for (std::size_t i = 0; i < a.sequences.size(); ++i) CHECK(a.sequences[i].text == b.sequences[i].text);
  int same = 0;
  for (std::size_t i = 0; i < a.sequences.size(); ++i) same += a.sequences[i].text == c.sequences[i].text;
  CHECK(same == 0);
  CHECK(make_nonsense_set().sequences[0].text == standard_nonsense_set().sequences[0].text);
}

TEST_CASE("scored positions are those whose next character is the 2nd..last of the second copy") {
  NonsenseSequence s;
  s.half = "abc de";  // L = 6, text "abc de abc de", second copy at 7..12
  s.text = s.half + " " + s.half;
  CHECK(s.first_scored() == 7);   // reads 'a' (first of the copy), predicts 'b' (its 2nd)
  CHECK(s.end_scored() == 12);    // last scored i = 11 predicts text[12], the copy's last
  CHECK(s.text[static_cast<std::size_t>(s.first_scored() + 1)] == 'b');
  CHECK(s.text[static_cast<std::size_t>(s.end_scored())] == 'e');
  CHECK(s.end_scored() - s.first_scored() == s.half_length() - 1);
}

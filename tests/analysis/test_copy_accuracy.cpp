#include <catch2/catch.hpp>

#include <set>
#include <utility>

#include "am/analysis/copy_accuracy.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/config.hpp"

using namespace am::analysis;

namespace {
std::int64_t scored_count(const NonsenseSet& set) {
  std::int64_t n = 0;
  for (const auto& s : set.sequences) n += s.half_length() - 1;
  return n;
}
}  // namespace

TEST_CASE("a predictor that copies the first copy is right every time") {
  const NonsenseSet& set = standard_nonsense_set();
  // the character after position i in the second copy is the one after i - (L + 1) in the first
  const auto copy = [&](int s, int i) {
    const auto& seq = set.sequences[static_cast<std::size_t>(s)];
    return seq.ids[static_cast<std::size_t>(i - (seq.half_length() + 1) + 1)];
  };
  const CopyAccuracy a = score_copy_predictions(set, copy);
  CHECK(a.overall.total == scored_count(set));
  CHECK(a.overall.correct == a.overall.total);
  CHECK(a.overall.rate() == 1.0);
  for (const auto& w : a.by_words) {
    CHECK(w.rate() == 1.0);
    CHECK(w.total > 0);
  }
}

TEST_CASE("exactly the positions L+1 .. 2L-1 are asked for, once each") {
  const NonsenseSet& set = standard_nonsense_set();
  std::set<std::pair<int, int>> asked;
  int calls = 0;
  score_copy_predictions(set, [&](int s, int i) {
    asked.insert({s, i});
    ++calls;
    return 0;
  });
  std::set<std::pair<int, int>> expected;
  for (int s = 0; s < static_cast<int>(set.sequences.size()); ++s) {
    const int L = set.sequences[static_cast<std::size_t>(s)].half_length();
    for (int i = L + 1; i <= 2 * L - 1; ++i) expected.insert({s, i});
  }
  CHECK(calls == static_cast<int>(expected.size()));
  CHECK(asked == expected);
}

TEST_CASE("a predictor right only on a known subset scores exactly that share") {
  const NonsenseSet& set = standard_nonsense_set();
  // right only on the first scored position of each sequence, and only for 2-word sequences
  const auto pred = [&](int s, int i) {
    const auto& seq = set.sequences[static_cast<std::size_t>(s)];
    const int truth = seq.ids[static_cast<std::size_t>(i + 1)];
    return (seq.words == 2 && i == seq.first_scored()) ? truth : (truth + 1) % am::kVocab;
  };
  const CopyAccuracy a = score_copy_predictions(set, Predictor(pred));
  CHECK(a.overall.correct == 40);
  CHECK(a.by_words[0].correct == 40);
  for (int w = 1; w < kNonsenseWordCounts; ++w) CHECK(a.by_words[static_cast<std::size_t>(w)].correct == 0);
  std::int64_t two_word_total = 0;
  for (const auto& s : set.sequences)
    if (s.words == 2) two_word_total += s.half_length() - 1;
  CHECK(a.by_words[0].total == two_word_total);
}

TEST_CASE("the character-class breakdown partitions the scored predictions") {
  const NonsenseSet& set = standard_nonsense_set();
  const CopyAccuracy a = score_copy_predictions(set, [](int, int) { return am::char_to_id(' '); });
  std::int64_t next_total = 0, current_total = 0;
  for (const auto& t : a.by_next_class) next_total += t.total;
  for (const auto& t : a.by_current_class) current_total += t.total;
  CHECK(next_total == a.overall.total);
  CHECK(current_total == a.overall.total);
  // always guessing space is right exactly on the spaces
  const auto space = static_cast<std::size_t>(CharClass::kSpace);
  CHECK(a.by_next_class[space].correct == a.by_next_class[space].total);
  CHECK(a.overall.correct == a.by_next_class[space].total);
  CHECK(a.by_next_class[static_cast<std::size_t>(CharClass::kRare)].correct == 0);
  CHECK(a.by_next_class[space].total > 0);
}

TEST_CASE("character classes and argmax") {
  CHECK(char_class('q') == CharClass::kRare);
  CHECK(char_class('v') == CharClass::kRare);
  CHECK(char_class('e') == CharClass::kCommon);
  CHECK(char_class('h') == CharClass::kCommon);
  CHECK(char_class('b') == CharClass::kOtherLetter);
  CHECK(char_class(' ') == CharClass::kSpace);
  const float v[] = {0.1f, 0.7f, 0.7f, -1.0f};
  CHECK(argmax(v, 4) == 1);  // first of a tie
}

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "am/analysis/head_metrics.hpp"

using namespace am;
using namespace am::analysis;

namespace {

// [T, T] with all of each row's weight on one key chosen by `key(i)` (clamped to 0..i).
std::vector<float> one_hot(int T, int (*key)(int)) {
  std::vector<float> a(static_cast<std::size_t>(T * T), 0.0f);
  for (int i = 0; i < T; ++i) {
    int j = key(i);
    if (j < 0) j = 0;
    if (j > i) j = i;
    a[static_cast<std::size_t>(i * T + j)] = 1.0f;
  }
  return a;
}

std::vector<float> uniform(int T) {
  std::vector<float> a(static_cast<std::size_t>(T * T), 0.0f);
  for (int i = 0; i < T; ++i)
    for (int j = 0; j <= i; ++j) a[static_cast<std::size_t>(i * T + j)] = 1.0f / static_cast<float>(i + 1);
  return a;
}

NonsenseSequence sequence(const std::string& half) {
  NonsenseSequence s;
  s.half = half;
  s.text = half + " " + half;
  s.words = 2;
  return s;
}

}  // namespace

TEST_CASE("a head that always looks one back scores 1 previous, 0 two-back, 0 self") {
  const int T = 64;
  const auto a = one_hot(T, [](int i) { return i - 1; });
  HeadAccumulators acc;
  accumulate_text_scores(a.data(), std::string(T, 'x'), T, acc);
  const HeadScores s = acc.scores();
  CHECK(s.previous == 1.0);
  CHECK(s.two_back == 0.0);
  CHECK(s.self == 0.0);
  CHECK(s.entropy == 0.0);
  CHECK(acc.previous.count == T - 1);  // queries 1..63
  CHECK(acc.two_back.count == T - 2);  // queries 2..63
}

TEST_CASE("a head that looks two back scores 1 two-back and 0.5/63 previous (row 1 can only reach 0)") {
  const int T = 64;
  const auto a = one_hot(T, [](int i) { return i - 2; });
  HeadAccumulators acc;
  accumulate_text_scores(a.data(), std::string(T, 'x'), T, acc);
  const HeadScores s = acc.scores();
  CHECK(s.two_back == 1.0);
  // row 1 puts its weight on key 0 = one back; every other row is two back
  CHECK(s.previous == Approx(1.0 / 63.0));
}

TEST_CASE("a uniform head: previous = mean 1/(i+1), space mass = space share, entropy = mean ln(i+1)") {
  const int T = 64;
  const auto a = uniform(T);
  std::string text;
  for (int i = 0; i < T; ++i) text += (i % 5 == 4) ? ' ' : 'a';
  HeadAccumulators acc;
  accumulate_text_scores(a.data(), text, T, acc);
  const HeadScores s = acc.scores();
  double prev = 0, ent = 0, share = 0;
  int spaces = 0;
  for (int i = 1; i < T; ++i) {
    prev += 1.0 / (i + 1);
    ent += std::log(i + 1.0);
    spaces = 0;
    for (int j = 0; j <= i; ++j) spaces += text[static_cast<std::size_t>(j)] == ' ';
    share += static_cast<double>(spaces) / (i + 1);
  }
  CHECK(s.previous == Approx(prev / 63).epsilon(1e-6));
  CHECK(s.self == Approx(prev / 63).epsilon(1e-6));
  CHECK(s.two_back == Approx((prev - 0.5) / 62).epsilon(1e-6));
  CHECK(s.entropy == Approx(ent / 63).epsilon(1e-6));
  CHECK(s.space_share == Approx(share / 63).epsilon(1e-12));
  CHECK(s.space == Approx(s.space_share).epsilon(1e-6));
}

TEST_CASE("space score of a head that only looks at spaces") {
  const int T = 10;
  const std::string text = "ab cd ef g";
  // every row puts its weight on the latest space at or before it (or key 0 if none)
  std::vector<float> a(T * T, 0.0f);
  for (int i = 0; i < T; ++i) {
    int j = i;
    while (j > 0 && text[static_cast<std::size_t>(j)] != ' ') --j;
    a[static_cast<std::size_t>(i * T + j)] = 1.0f;
  }
  MeanAccumulator mass, share;
  accumulate_space_mass(a.data(), text, T, mass, share);
  // rows 1 (key 0 'a') has no space; rows 2..9 all land on a space
  CHECK(mass.count == 9);
  CHECK(mass.mean() == Approx(8.0 / 9.0));
}

TEST_CASE("induction: all weight on the key after the earlier copy of the current character scores 1") {
  const NonsenseSequence s = sequence("qzxv kplw");  // L = 9
  const int T = static_cast<int>(s.text.size());
  const int L = s.half_length();
  std::vector<float> induction(static_cast<std::size_t>(T * T), 0.0f), duplicate = induction, prev = induction;
  for (int i = 0; i < T; ++i) {
    const int ind = i > L ? i - L : i;          // one after the aligned earlier occurrence
    const int dup = i > L ? i - L - 1 : i;      // the aligned earlier occurrence itself
    induction[static_cast<std::size_t>(i * T + ind)] = 1.0f;
    duplicate[static_cast<std::size_t>(i * T + dup)] = 1.0f;
    prev[static_cast<std::size_t>(i * T + (i > 0 ? i - 1 : 0))] = 1.0f;
  }
  MeanAccumulator a, b, c, d, e, f;
  accumulate_induction(induction.data(), s, a);
  accumulate_duplicate(induction.data(), s, b);
  accumulate_induction(duplicate.data(), s, c);
  accumulate_duplicate(duplicate.data(), s, d);
  accumulate_induction(prev.data(), s, e);
  accumulate_duplicate(prev.data(), s, f);
  CHECK(a.count == L - 1);
  CHECK(a.mean() == 1.0);
  CHECK(b.mean() == 0.0);  // all letters distinct: the key after holds another letter
  CHECK(c.mean() == 0.0);
  CHECK(d.mean() == 1.0);
  CHECK(e.mean() == 0.0);
  CHECK(f.mean() == 0.0);
}

TEST_CASE("induction counts every earlier occurrence of a repeated character") {
  const NonsenseSequence s = sequence("abab");  // L = 4, text "abab abab"
  const int T = static_cast<int>(s.text.size());
  const auto a = uniform(T);
  MeanAccumulator ind;
  accumulate_induction(a.data(), s, ind);
  // queries 5..7 read a, b, a; keys 1..4 follow a, b, a, b
  // query 5 ('a'): keys 1 and 3 -> 2/6; query 6 ('b'): keys 2 and 4 -> 2/7; query 7 ('a'): 2/8
  CHECK(ind.count == 3);
  CHECK(ind.mean() == Approx((2.0 / 6 + 2.0 / 7 + 2.0 / 8) / 3));
}

TEST_CASE("accumulators merge to the same means as one pass") {
  const int T = 20;
  const auto a = uniform(T), b = one_hot(T, [](int i) { return i - 1; });
  const std::string text(T, 'x');
  HeadAccumulators x, y, both;
  accumulate_text_scores(a.data(), text, T, x);
  accumulate_text_scores(b.data(), text, T, y);
  accumulate_text_scores(a.data(), text, T, both);
  accumulate_text_scores(b.data(), text, T, both);
  x.merge(y);
  CHECK(x.scores().previous == both.scores().previous);
  CHECK(x.previous.count == 2 * (T - 1));
}

#include <catch2/catch.hpp>

#include <set>

#include "am/model/alphabet.hpp"
#include "am/train/batcher.hpp"

using namespace am;
using namespace am::train;

namespace {

Corpus two_books() {
  Corpus c;
  Book a;
  a.name = "a";
  a.train_text = std::string(200, 'a') + std::string(200, 'b');
  a.heldout_text = std::string(150, 'h');
  Book b;
  b.name = "b";
  for (int i = 0; i < 100; ++i) b.train_text += "the cat sat. ";
  b.heldout_text = std::string(10, 'x');  // shorter than a window: contributes none
  c.books = {a, b};
  return c;
}

}  // namespace

TEST_CASE("batcher: windows come from the books, never across a book boundary") {
  const Corpus c = two_books();
  auto batcher = Batcher::create(c, {64, 0.0, 4, 32});
  REQUIRE(batcher.ok());
  CHECK(batcher->repeats_per_batch() == 0);
  CHECK(batcher->window_starts() == (400 - 64) + (1300 - 64));
  Rng rng(1);
  std::vector<int> w;
  for (int round = 0; round < 20; ++round) {
    batcher->sample(rng, w);
    REQUIRE(w.size() == 64u * kWindow);
    for (int b = 0; b < 64; ++b) {
      std::string text;
      for (int i = 0; i < kWindow; ++i) text += id_to_char(w[b * kWindow + i]);
      const bool in_a = c.books[0].train_text.find(text) != std::string::npos;
      const bool in_b = c.books[1].train_text.find(text) != std::string::npos;
      CHECK((in_a || in_b));
    }
  }
}

TEST_CASE("batcher: a share of windows repeats one novel passage of L characters") {
  const Corpus c = two_books();
  auto batcher = Batcher::create(c, {10, 0.5, 4, 9});
  REQUIRE(batcher.ok());
  REQUIRE(batcher->repeats_per_batch() == 5);
  Rng rng(2);
  std::vector<int> w;
  std::set<int> periods;
  for (int round = 0; round < 50; ++round) {
    batcher->sample(rng, w);
    for (int b = 0; b < 5; ++b) {
      const int* x = w.data() + b * kWindow;
      // The smallest L in [4, 9] with x[i] == x[i - L] everywhere must exist.
      int period = 0;
      for (int L = 4; L <= 9 && !period; ++L) {
        bool ok = true;
        for (int i = L; i < kWindow; ++i) ok = ok && x[i] == x[i - L];
        if (ok) period = L;
      }
      CHECK(period != 0);
      periods.insert(period);
      std::string passage;
      for (int i = 0; i < 9; ++i) passage += id_to_char(x[i]);
      CHECK((c.books[0].train_text.find(passage.substr(0, 4)) != std::string::npos ||
             c.books[1].train_text.find(passage.substr(0, 4)) != std::string::npos));
    }
  }
  CHECK(periods.size() >= 3);  // lengths vary
}

TEST_CASE("batcher: the same seed gives the same batches; a new seed others") {
  const Corpus c = two_books();
  auto batcher = Batcher::create(c, {8, 0.5, 4, 32});
  REQUIRE(batcher.ok());
  Rng r1(7), r2(7), r3(8);
  std::vector<int> a, b, d;
  batcher->sample(r1, a);
  batcher->sample(r2, b);
  batcher->sample(r3, d);
  CHECK(a == b);
  CHECK(a != d);
}

TEST_CASE("batcher: validation windows and a corpus too short to train on") {
  const Corpus c = two_books();
  const auto all = validation_windows(c, 0);
  CHECK(all.size() == 2u * kWindow);  // 150 held-out characters: windows at 0 and 64
  CHECK(validation_windows(c, 1).size() == 1u * kWindow);
  Corpus tiny;
  tiny.books.push_back(Book{"t", "t", "short", "", 5});
  auto none = Batcher::create(tiny, {8, 0.5, 4, 32});
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().find("long enough") != std::string::npos);
}

TEST_CASE("batcher: --repeat-pick repeats the passage with the rarest letters, still verbatim") {
  Corpus c;
  Book b;
  b.name = "b";
  for (int i = 0; i < 200; ++i) b.train_text += i % 10 == 0 ? "the quiz of jazz. " : "the cat sat on the mat. ";
  c.books = {b};
  const auto rare_letters = [](const std::vector<int>& w, int windows) {
    int count = 0;
    for (int i = 0; i < windows * kWindow; ++i) {
      const char ch = id_to_char(w[static_cast<std::size_t>(i)]);
      count += ch == 'q' || ch == 'z' || ch == 'j';
    }
    return count;
  };
  auto plain = Batcher::create(c, {16, 1.0, 8, 8, 1});
  auto picky = Batcher::create(c, {16, 1.0, 8, 8, 8});
  REQUIRE(plain.ok());
  REQUIRE(picky.ok());
  Rng r1(3), r2(3);
  std::vector<int> a, p;
  int rare_plain = 0, rare_picky = 0;
  for (int round = 0; round < 20; ++round) {
    plain->sample(r1, a);
    picky->sample(r2, p);
    rare_plain += rare_letters(a, 16);
    rare_picky += rare_letters(p, 16);
    for (int w = 0; w < 16; ++w) {  // every picked passage is still the novel's own text
      std::string passage;
      for (int i = 0; i < 8; ++i) passage += id_to_char(p[static_cast<std::size_t>(w * kWindow + i)]);
      CHECK(b.train_text.find(passage) != std::string::npos);
    }
  }
  CHECK(rare_picky > 3 * rare_plain);
}

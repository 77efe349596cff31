#include <catch2/catch.hpp>

#include <cmath>

#include "am/analysis/bigram.hpp"
#include "am/model/alphabet.hpp"

using namespace am;
using namespace am::analysis;

TEST_CASE("bigram probabilities are add-one smoothed counts") {
  BigramModel b;
  b.count("abab");  // pairs: ab, ba, ab
  b.count("ca");    // pairs never span texts: no "bc"
  CHECK(b.pairs() == 4);
  const int a = char_to_id('a'), bb = char_to_id('b'), c = char_to_id('c');
  CHECK(b.probability(a, bb) == Approx((2.0 + 1) / (2 + 30)));
  CHECK(b.probability(bb, a) == Approx((1.0 + 1) / (1 + 30)));
  CHECK(b.probability(bb, c) == Approx(1.0 / 31));
  CHECK(b.probability(char_to_id('z'), a) == Approx(1.0 / 30));  // unseen row: uniform
  double sum = 0;
  for (int v = 0; v < kVocab; ++v) sum += b.probability(a, v);
  CHECK(sum == Approx(1.0));
}

TEST_CASE("bigram text loss scores every character but the first") {
  BigramModel b;
  b.count("abab");
  const std::vector<int> ids = encode("aba");
  const TextLoss loss = b.text_loss(ids);
  CHECK(loss.predicted == 2);
  CHECK(loss.nats == Approx(-std::log(3.0 / 32) - std::log(2.0 / 31)));
  CHECK(loss.bits_per_char() == Approx(loss.nats / 2 / std::log(2.0)));
}

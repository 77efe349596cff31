#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "am/analysis/checkpoint_analysis.hpp"
#include "am/analysis/model_passes.hpp"
#include "am/model/alphabet.hpp"
#include "hand_built_weights.hpp"

using namespace am;
using namespace am::analysis;

namespace {

// A held-out "book" with words and spaces, long enough for many windows.
std::string book_text() {
  std::string text;
  const char* words[] = {"the", "queen", "said", "nothing", "at", "all", "to", "alice"};
  for (int i = 0; i < 400; ++i) text += std::string(words[(i * 5 + i / 3) % 8]) + (i % 9 == 8 ? ". " : " ");
  return text;
}

Weights look_back_weights() {
  Weights w = test::zero_weights();
  test::set_look_back_head(w, 0, 1);  // L1H1: one back
  test::set_look_back_head(w, 1, 2);  // L1H2: two back
  test::predict_always(w, ' ');
  return w;  // L1H3, L1H4 and all of layer 2 have zero queries: uniform attention
}

}  // namespace

TEST_CASE("hand-built heads: one back scores 1.0, two back scores 1.0, uniform heads score the formula") {
  const Weights w = look_back_weights();
  const auto windows = sample_heldout_windows({book_text()}, 16, 11);
  REQUIRE(windows.size() == 16);
  const HeadTable heads = scores_of(analyse_windows(w, windows, 2).heads);
  CHECK(heads[0][0].previous == Approx(1.0).margin(1e-6));
  CHECK(heads[0][0].two_back == Approx(0.0).margin(1e-6));
  CHECK(heads[0][1].two_back == Approx(1.0).margin(1e-6));
  CHECK(heads[0][1].previous == Approx(1.0 / 63.0).margin(1e-6));  // row 1 can only look one back
  double uniform_prev = 0.0;
  for (int i = 1; i < kContext; ++i) uniform_prev += 1.0 / (i + 1);
  uniform_prev /= kContext - 1;
  for (int l = 0; l < kLayers; ++l)
    for (int h = (l == 0 ? 2 : 0); h < kHeads; ++h) {
      INFO(head_name(l, h));
      CHECK(heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].previous == Approx(uniform_prev).epsilon(1e-5));
      CHECK(heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].space ==
            Approx(heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].space_share).epsilon(1e-5));
    }
}

TEST_CASE("accuracy through the model: a model that always says space is right exactly on spaces") {
  const Weights w = look_back_weights();
  const NonsenseSet& set = standard_nonsense_set();
  std::int64_t space_targets = 0, total = 0;
  for (const auto& s : set.sequences)
    for (int i = s.first_scored(); i < s.end_scored(); ++i) {
      space_targets += s.text[static_cast<std::size_t>(i + 1)] == ' ';
      ++total;
    }
  const CopyAccuracy a = nonsense_accuracy(w, set, {}, 2);
  CHECK(a.overall.total == total);
  CHECK(a.overall.correct == space_targets);
  CHECK(a.by_words[0].correct == 40);  // one space inside each two-word half
  // pulling heads changes nothing: the heads carry no values
  CHECK(nonsense_accuracy(w, set, HeadMask::parse("L1H1,L2H2").value(), 1).overall.correct == space_targets);
}

TEST_CASE("results do not depend on the thread count") {
  const Weights w = random_weights(8);
  const NonsenseSet& set = standard_nonsense_set();
  const NonsensePass one = analyse_nonsense(w, set, {}, 1), two = analyse_nonsense(w, set, {}, 2);
  CHECK(one.accuracy.overall.correct == two.accuracy.overall.correct);
  CHECK(one.heads[1][2].induction.sum == two.heads[1][2].induction.sum);  // exact, not approximate
  const auto windows = sample_heldout_windows({book_text()}, 12, 3);
  const WindowsPass a = analyse_windows(w, windows, 1), b = analyse_windows(w, windows, 2);
  CHECK(a.loss.nats == b.loss.nats);
  CHECK(a.heads[0][1].previous.sum == b.heads[0][1].previous.sum);
}

TEST_CASE("text loss: every character but the first is predicted once, at the model's probability") {
  const Weights w = look_back_weights();  // logits = bias: space 1, everything else 0
  const std::string text = book_text().substr(0, 300);
  const std::vector<int> ids = encode(text);
  const TextLoss loss = text_loss(w, ids, 2);
  CHECK(loss.predicted == 299);
  const double z = std::exp(1.0) + (kVocab - 1);
  double expected = 0.0;
  for (std::size_t i = 1; i < text.size(); ++i) expected += text[i] == ' ' ? -std::log(std::exp(1.0) / z) : std::log(z);
  CHECK(loss.nats == Approx(expected).epsilon(1e-6));
}

TEST_CASE("held-out windows: seeded, 65 characters, books in turn, short books skipped") {
  const std::vector<std::string> books = {book_text(), "too short", book_text().substr(100, 500)};
  const auto a = sample_heldout_windows(books, 10, 4), b = sample_heldout_windows(books, 10, 4);
  REQUIRE(a.size() == 10);
  for (std::size_t k = 0; k < a.size(); ++k) {
    CHECK(a[k].text == b[k].text);
    CHECK(a[k].text.size() == kContext + 1);
    CHECK(a[k].ids.size() == kContext + 1);
    CHECK(a[k].book == (k % 2 == 0 ? 0 : 2));
    CHECK(books[static_cast<std::size_t>(a[k].book)].substr(a[k].start, kContext + 1) == a[k].text);
  }
  CHECK(sample_heldout_windows({"short"}, 10, 4).empty());
}

TEST_CASE("next-character probabilities sum to one and match the logits") {
  const Weights w = look_back_weights();
  const auto p = next_char_probs(w, encode("qzxv kplw qzxv kp"));
  double sum = 0.0;
  for (double x : p) sum += x;
  CHECK(sum == Approx(1.0).epsilon(1e-12));
  CHECK(p[static_cast<std::size_t>(char_to_id(' '))] == Approx(std::exp(1.0) / (std::exp(1.0) + 29)).epsilon(1e-6));
  CHECK(expected_copy("qzxv kplw qzxv kp") == "l");
  CHECK(expected_copy("the queen. the qu") == "e");
  CHECK(expected_copy("abc") == "");
}

TEST_CASE("final analysis: drops are accuracy differences; heads with no values cost nothing") {
  const Weights w = look_back_weights();
  const NonsenseSet& set = standard_nonsense_set();
  HeadTable heads{};
  heads[1][2].induction = 0.9;
  heads[1][0].induction = 0.5;
  BigramModel bigram;
  bigram.count(book_text());
  const std::vector<HeldoutBook> books = {{"b1", "Book One", encode(book_text().substr(0, 500))},
                                          {"b2", "Book Two", encode(book_text().substr(500, 300))}};
  const FinalAnalysis f = analyse_final(w, 1234, set, heads, books, bigram, 2);
  CHECK(f.step == 1234);
  for (const auto& layer : f.single)
    for (const auto& r : layer) CHECK(r.drop == 0.0);
  REQUIRE(f.induction_pair);
  CHECK(f.induction_pair->pulled.to_string() == "L2H1,L2H3");
  REQUIRE(f.texts.size() == 3);
  CHECK(f.texts[2].name == "overall");
  CHECK(f.texts[2].model.predicted == 499 + 299);
  CHECK(f.texts[2].model.nats == Approx(f.texts[0].model.nats + f.texts[1].model.nats));
  CHECK(f.texts[0].bigram.predicted == f.texts[0].model.predicted);
  REQUIRE(f.prompts.size() >= 1);
  CHECK(f.prompts[0].prompt == "qzxv kplw qzxv kp");
}

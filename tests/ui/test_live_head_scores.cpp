// The live head scores on the learner's text: the analysis's measure, on hand-built
// attention patterns whose scores can be worked out by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "am/ui/live_numbers.hpp"

using namespace am;
using namespace am::ui;

namespace {

constexpr int kT = 4;

float* head_weights(Activations& acts, int layer, int head) {
  return acts.layers[static_cast<std::size_t>(layer)].weights +
         static_cast<std::size_t>(head) * kT * kT;  // [T, T]
}

// Every head looks nowhere (all zeros) but L1H1, which looks one back, and L1H2, which
// spreads its attention evenly over the visible keys.
Activations patterned_pass() {
  Activations acts(kT);
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) std::fill_n(head_weights(acts, l, h), kT * kT, 0.0f);
  float* previous = head_weights(acts, 0, 0);
  previous[0] = 1.0f;
  for (int i = 1; i < kT; ++i) previous[i * kT + i - 1] = 1.0f;
  float* even = head_weights(acts, 0, 1);
  for (int i = 0; i < kT; ++i)
    for (int j = 0; j <= i; ++j) even[i * kT + j] = 1.0f / static_cast<float>(i + 1);
  return acts;
}

}  // namespace

TEST_CASE("live head scores on a hand-built pass: one back and even attention", "[live]") {
  const Activations acts = patterned_pass();
  // The pass read the last four characters, "ab c": a space at position 2.
  const HeadTable t = live_head_scores(acts, "zzab c");

  const HeadScores& back = t[0][0];
  CHECK(back.previous == Approx(1.0));
  CHECK(back.self == Approx(0.0));
  CHECK(back.two_back == Approx(0.0));
  CHECK(back.space == Approx(1.0 / 3));         // only query 3 looks at the space (key 2)
  CHECK(back.space_share == Approx(7.0 / 36));  // (0/2 + 1/3 + 1/4) / 3
  CHECK(back.entropy == Approx(0.0));
  CHECK(back.induction == 0.0);  // no repeated nonsense in live text
  CHECK(back.duplicate == 0.0);

  const HeadScores& even = t[0][1];
  CHECK(even.previous == Approx(13.0 / 36));  // (1/2 + 1/3 + 1/4) / 3
  CHECK(even.self == Approx(13.0 / 36));
  CHECK(even.two_back == Approx(7.0 / 24));       // (1/3 + 1/4) / 2
  CHECK(even.space == Approx(even.space_share));  // even attention scores the baseline
  CHECK(even.space_share == Approx(7.0 / 36));
  CHECK(even.entropy == Approx(std::log(24.0) / 3));  // (ln 2 + ln 3 + ln 4) / 3

  const HeadScores& quiet = t[1][3];
  CHECK(quiet.previous == 0.0);
  CHECK(quiet.space_share == Approx(7.0 / 36));  // the baseline depends on the text alone
}

TEST_CASE("live head scores need the text the pass read", "[live]") {
  const Activations acts = patterned_pass();
  const HeadTable short_text = live_head_scores(acts, "ab");  // fewer characters than positions
  CHECK(short_text[0][0].previous == 0.0);
  CHECK(live_head_scores(Activations(1), "a")[0][0].self == 0.0);  // one position: no query counts
}

// The field's head scores on hand-built weights and attention arrays whose answers are
// known in advance.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "am/analysis/circuit_analysis.hpp"
#include "am/analysis/model_passes.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "hand_built_weights.hpp"

using namespace am;
using namespace am::analysis;

namespace {

std::vector<int> text_ids(int n) {
  std::vector<int> ids;
  const std::string words = "the queen said nothing at all to alice and she ran off. ";
  for (int i = 0; i < n; ++i) ids.push_back(char_to_id(words[static_cast<std::size_t>(i) % words.size()]));
  return ids;
}

// [T, T] with all of row i on key target(i) (clamped into [0, i]).
template <typename F>
std::vector<float> one_hot_rows(int T, F target) {
  std::vector<float> a(static_cast<std::size_t>(T * T), 0.0f);
  for (int i = 0; i < T; ++i) {
    const int j = std::clamp(target(i), 0, i);
    a[static_cast<std::size_t>(i * T + j)] = 1.0f;
  }
  return a;
}

// A head whose OV circuit copies 16 tokens: token (k, s) is embedded as s·A·(e_k - e_31)
// (mean zero, so LayerNorm keeps it), V and O pass dims 0..7 through and the
// unembedding row of (k, s) is s·(e_k - e_31). That is the most an 8-wide head can copy:
// at most 2·8 directions can each raise only themselves. The other 14 tokens get
// mean-zero embeddings the head does not read, so it writes (almost) nothing for them.
Weights copying_weights(float sign) {
  Weights w = test::zero_weights();
  MutableParamView p = w.view();
  constexpr float kA = 1000.0f;
  for (int t = 0; t < kVocab; ++t) {
    float* e = p.embed + t * kDModel;
    if (t < 16) {
      const int k = t % 8;
      const float s = t < 8 ? 1.0f : -1.0f;
      e[k] = s * kA;
      e[31] = -s * kA;
      p.unembed_w[t * kDModel + k] = s;
      p.unembed_w[t * kDModel + 31] = -s;
    } else {
      e[8 + (t - 16)] = kA;
      e[30 - (t - 16) % 8] -= kA;
    }
  }
  auto& l1 = p.layers[0];
  for (int c = 0; c < kDModel; ++c) {
    l1.ln1_w[c] = 1.0f;
    p.lnf_w[c] = 1.0f;
  }
  for (int r = 0; r < kDHead; ++r) {
    l1.v[r * kDModel + r] = 1.0f;          // head 0 reads dims 0..7
    l1.o[r * kDModel + r] = sign;          // and writes them back (or their negative)
  }
  return w;
}

}  // namespace

TEST_CASE("detect_head: a head wired to look one back scores 1.0 previous-token") {
  Weights w = test::zero_weights();
  test::set_look_back_head(w, 0, 1);
  const std::vector<int> ids = text_ids(kContext);
  const Activations a = forward(w, ids);
  const double prev = detect_head_score(head_weights(a, 0, 0), ids, kContext, DetectPattern::kPrevious);
  CHECK(prev == Approx(1.0).margin(1e-5));
  // a uniform head (zero queries) puts 1/(i+1) one back: mean over rows 1..63 of that
  double expected = 0.0;
  for (int i = 1; i < kContext; ++i) expected += 1.0 / (i + 1);
  expected /= kContext - 1;
  CHECK(detect_head_score(head_weights(a, 0, 1), ids, kContext, DetectPattern::kPrevious) ==
        Approx(expected).epsilon(1e-5));
}

TEST_CASE("detect_head: duplicate and induction patterns on a repeated sequence") {
  // "abcab c": ids 0 1 2 0 1 2; T = 6, half 3
  const std::vector<int> ids = {0, 1, 2, 0, 1, 2};
  const int T = 6;
  // duplicate head: from i >= 3 to i - 3; rows 1, 2 look at themselves (no duplicate)
  const auto dup = one_hot_rows(T, [](int i) { return i >= 3 ? i - 3 : i; });
  CHECK(detect_head_score(dup.data(), ids, T, DetectPattern::kDuplicate) == Approx(3.0 / 5.0));
  CHECK(detect_head_score(dup.data(), ids, T, DetectPattern::kInduction) == Approx(0.0));
  // induction head: from i >= 3 to i - 2 (the key after the earlier copy)
  const auto ind = one_hot_rows(T, [](int i) { return i >= 3 ? i - 2 : i; });
  CHECK(detect_head_score(ind.data(), ids, T, DetectPattern::kInduction) == Approx(3.0 / 5.0));
  CHECK(detect_head_score(ind.data(), ids, T, DetectPattern::kDuplicate) == Approx(0.0));
}

TEST_CASE("prefix matching: a head looking L-1 back on R+R scores 1.0; a previous-token head 0") {
  const int L = 8, T = 2 * L;
  const auto prefix = one_hot_rows(T, [&](int i) { return i - L + 1; });
  CHECK(prefix_matching_score(prefix.data(), T, L) == Approx(1.0));
  const auto prev = one_hot_rows(T, [](int i) { return i - 1; });
  CHECK(prefix_matching_score(prev.data(), T, L) == Approx(0.0));

  // through the model: L1H1 wired to look 31 back, on the standard repeated random set
  Weights w = test::zero_weights();
  test::set_look_back_head(w, 0, kContext / 2 - 1);
  const PerHead<double> s = prefix_matching(w, standard_repeated_random(), 2);
  CHECK(s[0][0] == Approx(1.0).margin(1e-4));
  CHECK(s[0][1] < 0.1);  // uniform: about 1/(i+1)
}

TEST_CASE("the repeated random set is seeded and really repeated") {
  const RepeatedRandom a = make_repeated_random(4, 10, 99), b = make_repeated_random(4, 10, 99);
  REQUIRE(a.sequences.size() == 4);
  CHECK(a.sequences == b.sequences);
  for (const auto& s : a.sequences)
    for (int i = 0; i < 10; ++i) CHECK(s[static_cast<std::size_t>(i)] == s[static_cast<std::size_t>(i + 10)]);
}

TEST_CASE("offset profile: each bin is the mean weight at that offset; rows sum to 1") {
  const int T = 20;
  const auto back3 = one_hot_rows(T, [](int i) { return i - 3; });
  OffsetProfileAccumulator acc;
  accumulate_offset_profile(back3.data(), T, acc);
  const auto m = acc.mean();
  // rows 1, 2 clamp to key 0 (offsets 1, 2); rows 3..19 at offset 3
  CHECK(m[3] == Approx(17.0 / 19.0));
  CHECK(m[1] == Approx(1.0 / 19.0));
  CHECK(m[2] == Approx(1.0 / 19.0));
  double total = 0.0;
  for (double v : m) total += v;
  CHECK(total == Approx(1.0));
  const auto far = one_hot_rows(T, [](int) { return 0; });
  OffsetProfileAccumulator acc2;
  accumulate_offset_profile(far.data(), T, acc2);
  CHECK(acc2.mean()[kProfileOffsets] == Approx(11.0 / 19.0));  // rows 9..19 reach past -8
}

TEST_CASE("copying: a head whose OV circuit copies scores high, its negative scores low") {
  const double copy = copying_score(copying_weights(1.0f), 0, 0);
  const double anti = copying_score(copying_weights(-1.0f), 0, 0);
  INFO("copy " << copy << " anti " << anti);
  CHECK(copy > 0.95);
  CHECK(anti < -0.95);
  CHECK(copying_score(test::zero_weights(), 0, 0) == 0.0);  // raises nothing
}

TEST_CASE("K-composition: random matrices score about 0; a wired pair scores well above") {
  // the baseline is reproducible
  CHECK(composition_baseline(50, 5) == composition_baseline(50, 5));
  const double base = composition_baseline(400, 11);
  CHECK(base > 0.05);
  CHECK(base < 0.5);
  // randomly initialised weights, judged against the baseline
  double sum = 0.0, worst = 0.0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const KComposition k = k_composition(random_weights(seed));
    for (int a = 0; a < kHeads; ++a)
      for (int b = 0; b < kHeads; ++b) {
        sum += k.score(a, b);
        worst = std::max(worst, std::abs(k.score(a, b)));
      }
  }
  const double mean = sum / (3 * kHeads * kHeads);
  INFO("mean " << mean << " worst " << worst);
  CHECK(std::abs(mean) < 0.02);
  CHECK(worst < 0.15);
  // qk that reads exactly the subspace ov writes: ratio 1/sqrt(rank) for rank-1 pieces
  const int d = 4;
  std::vector<double> qk(d * d, 0.0), ov(d * d, 0.0);
  qk[0] = 1.0;
  ov[0] = 1.0;
  CHECK(composition_ratio(qk, ov, d) == Approx(1.0));
  std::vector<double> ov_other(d * d, 0.0);
  ov_other[1 * d + 1] = 1.0;  // writes where qk does not read
  CHECK(composition_ratio(qk, ov_other, d) == Approx(0.0));
}

TEST_CASE("false copies: confident copy guesses, and the wrong ones, on 'axaxay'") {
  // "axaxay" + successor: read 6, positions 0..5 predict ids[1..6]
  const std::string text = "axaxayx";
  std::vector<int> ids;
  for (char c : text) ids.push_back(char_to_id(c));
  const int T = 6;
  std::vector<float> probs(static_cast<std::size_t>(T * kVocab), 0.0f);
  // every position puts 0.9 on what followed the current character last time (or 'x')
  for (int i = 0; i < T; ++i) {
    int guess = char_to_id('x');
    for (int j = i - 1; j >= 0; --j)
      if (ids[static_cast<std::size_t>(j)] == ids[static_cast<std::size_t>(i)]) {
        guess = ids[static_cast<std::size_t>(j + 1)];
        break;
      }
    probs[static_cast<std::size_t>(i * kVocab + guess)] = 0.9f;
  }
  FalseCopyTally t;
  count_false_copies(ids, T, probs.data(), t);
  // positions with an earlier occurrence: 2 (a: guess x, right), 3 (x: guess a, right),
  // 4 (a: guess x, next is y: wrong), 5 (y: none)
  CHECK(t.confident == 3);
  CHECK(t.wrong == 1);
  CHECK(t.rate() == Approx(1.0 / 3.0));
  FalseCopyTally strict;
  count_false_copies(ids, T, probs.data(), strict, 0.95);
  CHECK(strict.confident == 0);
}

TEST_CASE("copy path: the costliest layer-1 head into the strongest prefix matcher, cross-checked by K-composition") {
  PerHead<double> prefix{};
  prefix[1] = {0.2, 0.5, 0.9, 0.1};  // L2H3 strongest
  FinalAnalysis final;
  final.single[0][0].drop = 0.05;
  final.single[0][1].drop = 0.30;  // L1H2 costliest
  final.single[0][2].drop = 0.60 - 0.50;
  final.single[0][3].drop = 0.02;
  KComposition k;
  k.baseline = 0.1;
  for (auto& row : k.raw) row.fill(0.15);
  k.raw[1][2] = 0.4;  // L1H2 -> L2H3 strongest
  std::vector<PairAblation> pairs;
  PairAblation pa;
  pa.from_l1 = 1;
  pa.to_l2 = 2;
  pa.result.drop = 0.7;
  pairs.push_back(pa);
  const CopyPath p = find_copy_path(prefix, final, k, pairs);
  CHECK(p.found);
  CHECK(p.from_l1.name() == "L1H2");
  CHECK(p.to_l2.name() == "L2H3");
  CHECK(p.k_composition == Approx(0.3));
  CHECK(p.k_agrees);
  CHECK(p.pair_drop == Approx(0.7));
  // no induction head: no path
  PerHead<double> none{};
  CHECK_FALSE(find_copy_path(none, final, k, pairs).found);
}

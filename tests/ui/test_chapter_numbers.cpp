// Every figure in a chapter follows its inputs: the same chapter rendered from two
// different analyses and manifests quotes each one's own numbers, and the model's
// own figures are counted from the loaded weights.
#include <catch2/catch.hpp>

#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;
using namespace am::engine;
using Catch::Matchers::Contains;

namespace {

struct Scene {
  AppState state;
  Weights weights = random_weights(11);
  Activations acts;
  AnalysisSummary analysis;
  TrainingRecord training;

  Scene(const std::string& text, AnalysisSummary a, TrainingRecord t)
      : analysis(std::move(a)), training(std::move(t)) {
    set_text(state, text);
    state.step = training.checkpoints.back().step;
    weights.step = state.step;
    acts = forward(weights, read_ids(state));
  }
  ChapterContext context() const {
    ChapterContext c;
    c.state = &state;
    c.acts = &acts;
    c.intact = &acts;
    c.weights = std::shared_ptr<const Weights>(std::shared_ptr<const Weights>(), &weights);  // not owned
    c.analysis = &analysis;
    c.training = &training;
    return c;
  }
  std::string render(int chapter, bool with_pass = true) const {
    ChapterContext c = context();
    if (!with_pass) c.acts = c.intact = nullptr;
    return test::render_chapter(*find_chapter(chapter), c);
  }
};

}  // namespace

TEST_CASE("chapter 9 picks its contrasts from the measured ablation table", "[chapters][numbers]") {
  const Scene a("qzxv kplw qzxv kp", test::analysis_a(), test::training_a());
  const Scene b("qzxv kplw qzxv kp", test::analysis_b(), test::training_a());
  const std::string ta = a.render(9), tb = b.render(9);
  // A: strongest induction head L2H3 (0.33), relies on L1H2 (0.28), L2H1 hardly matters (0.95).
  CHECK_THAT(ta, Contains("On 200 unseen stretches"));
  CHECK_THAT(ta, Contains("gets 96 % of the characters right"));
  CHECK_THAT(ta,
             Contains("Pull out L2H3, the strongest induction head, and it falls to 33 %, 63 points lower"));
  CHECK_THAT(ta, Contains("L2H3's induction score is 71 %"));
  CHECK_THAT(ta,
             Contains("Pull out L1H2, the first-layer head the copying leans on most, and it falls to 28 %"));
  CHECK_THAT(ta, Contains("L1H2 puts 81 % of its attention one character back"));
  CHECK_THAT(ta, Contains("Pull out L2H1 instead, and almost nothing changes: 95 %"));
  CHECK_THAT(ta, Contains("With both L2H3 and L2H4 pulled, it falls to 12 %"));
  CHECK_THAT(
      ta,
      Contains("all heads 96 % \u00b7 without L2H3 33 % \u00b7 without L1H2 28 % \u00b7 without L2H1 95 %"));
  CHECK(ta.find("indispensable") == std::string::npos);
  // B: different heads and figures; none of A's.
  CHECK_THAT(tb, Contains("On 120 unseen stretches"));
  CHECK_THAT(tb, Contains("Pull out L2H2, the head with the highest induction score, and it drops to 41 %, "
                          "17 points lower"));  // below the threshold: not called an induction head
  CHECK_THAT(tb, Contains("L1H1, the first-layer head the copying leans on most, and it drops to 47 %"));
  CHECK_THAT(tb, Contains("Pull out L2H4 instead, and almost nothing changes: 57 %"));
  CHECK_THAT(tb, Contains("No head here reaches the analysis's induction threshold of 40 %."));
  AnalysisSummary weak_but_present = test::analysis_b();
  weak_but_present.heads[1][1].induction = 0.45;
  const Scene w("qzxv kplw qzxv kp", weak_but_present, test::training_a());
  CHECK_THAT(
      w.render(9),
      Contains(
          "No single induction head is indispensable here: pulling the strongest costs less than 30 points"));
  for (const char* figure : {"96 %", "33 %", "28 %", "95 %", "71 %", "200"})
    CHECK(tb.find(figure) == std::string::npos);
  // The question's answer is the costliest head in the table.
  CHECK(find_chapter(9)->predict->answer_from(a.context()).correct_choice == 1);  // L1H2
  CHECK(find_chapter(9)->predict->answer_from(b.context()).correct_choice == 5);  // L2H2
}

TEST_CASE("chapter 6 names heads from the scores and thresholds", "[chapters][numbers]") {
  const Scene a("the cat sat on the mat", test::analysis_a(), test::training_a());
  const Scene b("the cat sat on the mat", test::analysis_b(), test::training_a());
  // Without a live pass, so only the analysis speaks (live figures could match by chance).
  const std::string ta = a.render(6, false), tb = b.render(6, false);
  CHECK_THAT(ta, Contains("In layer 1, heads 2 and 4 put at least 40 % of their attention on the character "
                          "just before (81 % and 77 %)"));
  CHECK_THAT(ta, Contains("head 1 puts at least 40 % of its attention two characters back (42 %)"));
  CHECK_THAT(ta, Contains("head 3 puts at least 40 % of its attention on spaces (45 %), at least 2 times "
                          "what spreading it evenly would give (17 %)"));
  CHECK_THAT(ta, Contains("In layer 2, heads 3 and 4 are induction heads"));
  CHECK_THAT(ta, Contains("Layer 1: previous character (2, 4) \u00b7 two back (1) \u00b7 spaces (3)"));
  CHECK_THAT(
      tb,
      Contains("In layer 1, head 1 puts at least 40 % of its attention on the character just before (62 %)"));
  CHECK_THAT(
      tb, Contains("No head reaches the induction threshold of 40 %: the strongest, L2H2, puts only 31 %"));
  CHECK(tb.find("81 %") == std::string::npos);
  CHECK(tb.find("heads 2 and 4") == std::string::npos);
}

TEST_CASE("chapter 7 quotes the measured pair and the live copy probability", "[chapters][numbers]") {
  const Scene a("qzxv kplw qzxv kp", test::analysis_a(), test::training_a());
  const Scene b("qzxv kplw qzxv kp", test::analysis_b(), test::training_a());
  const std::string ta = a.render(7), tb = b.render(7);
  CHECK_THAT(
      ta,
      Contains("Its last character, \u201cp\u201d, also stands at place 7, where the 7 characters up to it "
               "match the end of the text, and \u201cl\u201d came next"));
  const float p = a.acts.probs[16 * kVocab + char_to_id('l')];
  CHECK_THAT(ta, Contains(test::plain_spaces("This one gives it " + fmt_percent(p))));
  CHECK_THAT(
      ta,
      Contains("points to L1H2 (81 % of its attention one character back) and L2H3 (induction score 71 %)"));
  CHECK_THAT(ta, Contains("measured P(l) = 0.84"));
  CHECK_THAT(
      tb,
      Contains("points to L1H1 (62 % of its attention one character back) and L2H2 (induction score 31 %)"));
  CHECK_THAT(tb, Contains("No head reaches the induction threshold"));
  CHECK(tb.find("0.84") == std::string::npos);
}

TEST_CASE("chapter 7 copies from the earlier occurrence with the longest matching prefix",
          "[chapters][numbers]") {
  // "the cat sat on the mat and the cat sa": the "a" of "sat" (place 10), not the most recent "a"
  const auto t = find_copy_target("the cat sat on the mat and the cat sa");
  REQUIRE(t);
  CHECK(t->earlier == 9);
  CHECK(t->expected == 't');
  CHECK(t->matched == 10);
  const auto tie = find_copy_target("xab yab zb");  // both "b"s match one character back: the most recent
  REQUIRE(tie);
  CHECK(tie->earlier == 6);
  CHECK_FALSE(find_copy_target("abc"));
  const Scene a("the cat sat on the mat and the cat sa", test::analysis_a(), test::training_a());
  const std::string ta = a.render(7);
  CHECK_THAT(
      ta, Contains("also stands at place 10, where the 10 characters up to it match the end of the text, and "
                   "\u201ct\u201d came next"));
  CHECK_THAT(ta, Contains(" on the \u201ct\u201d at place 11"));
}

TEST_CASE("chapter 8 quotes the manifest: phase change, recipe, loss bump", "[chapters][numbers]") {
  const Scene a("qzxv kplw qzxv kp", test::analysis_a(), test::training_a());
  const Scene b("qzxv kplw qzxv kp", test::analysis_a(), test::training_b());
  const std::string ta = a.render(8), tb = b.render(8);
  CHECK_THAT(ta, Contains("9 saved checkpoints from step 0 to step 2 000."));
  CHECK_THAT(ta, Contains("Each step reads 48 stretches of 64 characters"));
  CHECK_THAT(ta, Contains("in 50 % of the training windows the trainer took a passage from the novels (16 to "
                          "32 characters long)"));
  CHECK_THAT(ta, Contains("the model never saw random letters"));
  CHECK_THAT(ta, Contains("Up to step 1 000 the model could hardly copy"));
  CHECK_THAT(ta, Contains("its loss on held-out novel text had already fallen from 4.92 to 3.33 bits per "
                          "character"));  // 3.41 and 2.31 nats
  CHECK_THAT(ta, Contains("right 14 % of the time. By step 1 500, 500 steps later, it was 78 %"));
  CHECK_THAT(ta, Contains("At the end, step 2 000, it copies 96 % right"));
  CHECK_THAT(ta, Contains("rose from 3.174 to 3.246 bits (steps 1 000 to 1 250)"));  // 2.200 and 2.250 nats
  CHECK_THAT(ta, Contains("the strongest induction score went from 5 % (L2H1) to 52 % (L2H3)"));
  CHECK_THAT(ta,
             Contains("Step 1 000 \u2192 step 1 500: the repeated part right 14 % \u2192 78 % of the time"));
  CHECK_THAT(tb, Contains("6 saved checkpoints from step 0 to step 2 000"));
  CHECK_THAT(tb, Contains("Each step reads 32 stretches of 64"));
  CHECK_THAT(tb, Contains("in 30 % of the training windows"));
  CHECK_THAT(tb, Contains("By step 1 200, 400 steps later, it was 73 %"));
  CHECK_THAT(tb, Contains("shows no rise around the change"));
  CHECK(tb.find("78 %") == std::string::npos);
  CHECK(tb.find("induction score went") == std::string::npos);  // manifest B has no head scores
}

TEST_CASE("chapter 8 says so honestly when there was no sudden change", "[chapters][numbers]") {
  TrainingRecord flat = test::training_b();
  for (auto& c : flat.checkpoints) c.nonsense_accuracy = 0.05 + 0.001 * static_cast<double>(c.step) / 100.0;
  const Scene s("qzxv kplw qzxv kp", test::analysis_a(), flat);
  const std::string t = s.render(8);
  CHECK_THAT(
      t,
      Contains(
          "never jumped from at most 20 % to at least 70 %: it went from 5 % at step 0 to 7 % at the end"));
}

TEST_CASE("chapter 0 counts parameters from the loaded weights and compares with GPT-3",
          "[chapters][numbers]") {
  const Scene a("the queen. the qu", test::analysis_a(), test::training_a());
  const std::string t = a.render(0);
  CHECK_THAT(t, Contains("sits in 27 166 numbers"));
  CHECK_THAT(t, Contains("GPT-3 has 175 billion."));
  CHECK_THAT(t, Contains("GPT-3 has about 6.4 million times as many numbers, in 96 layers of 96 heads each"));
  CHECK_THAT(t, Contains("It learned from 2 public-domain novels: Emma and Persuasion."));
  CHECK_THAT(t, Contains("the step 2 000 model needs 2.21 bits per character; a model that only knows which "
                         "character tends to follow which needs 3.37"));
  CHECK_THAT(t, Contains("The model knows 30 characters: 26 letters"));
  const auto best = am::ui::top_guesses(a.acts, a.acts.length() - 1, 1)[0];
  // The question asks how sure the model is: the figure waits for Reveal.
  const std::string hidden = test::plain_spaces(find_chapter(0)->body(a.context()));
  CHECK(hidden.find("at " + test::plain_spaces(fmt_percent(best.probability))) == std::string::npos);
  CHECK_THAT(hidden, Contains("Answer the question below, then look."));
  Scene revealed("the queen. the qu", test::analysis_a(), test::training_a());
  revealed.state.chapter = 0;
  revealed.state.predict = PredictState{0, 1, true};
  CHECK_THAT(revealed.render(0), Contains(test::plain_spaces("at " + fmt_percent(best.probability))));
  const Scene b("the queen. the qu", test::analysis_b(), test::training_b());
  CHECK(b.render(0).find("public-domain novels") == std::string::npos);  // analysis B names no books
  CHECK(b.render(0).find("bits per character") == std::string::npos);
  AnalysisSummary untitled = test::analysis_a();
  untitled.books[1].title = untitled.books[1].name;  // one title not found: give the count only
  const Scene c("the queen. the qu", untitled, test::training_a());
  CHECK_THAT(c.render(0), Contains("It learned from 2 public-domain novels. GPT-3"));
}

TEST_CASE("chapter 10 computes the square and the cache", "[chapters][numbers]") {
  Scene a("the queen. the qu", test::analysis_a(), test::training_a());
  std::string t = a.render(10);
  CHECK_THAT(t,
             Contains("n = 17 characters, so each head computes 153 scores and all 8 heads together 1 224"));
  CHECK_THAT(t, Contains("GPT-3 reads 2 048 tokens"));
  CHECK_THAT(t, Contains("2.1 million scores per head"));
  CHECK_THAT(t, Contains("each character keeps 128 numbers (2 layers \u00d7 a key and a value \u00d7 32), "
                         "512 bytes as 32-bit floats"));
  CHECK_THAT(t, Contains("a full window of 64 characters takes 32.8 kB"));
  CHECK_THAT(t,
             Contains("2.4 million numbers per token: 4.7 MB in 16-bit floats, and 9.7 GB for 2 048 tokens"));
  // Reading 17 characters through the cache: Σ t = 153 per head, 8 heads.
  CHECK_THAT(t, Contains("took 1 224 dot products across all heads"));
  a.state.generated = generate_greedy(a.weights, read_ids(a.state), {}, 5);
  t = a.render(10);
  CHECK_THAT(t, Contains(test::plain_spaces("took " + fmt_int(a.state.generated.dots_with_cache) +
                                            " dot products with the cache, against " +
                                            fmt_int(a.state.generated.dots_without_cache) + " without it")));
  const Reveal r = find_chapter(10)->predict->answer_from(a.context());
  CHECK(r.correct_choice == 2);  // about four times
  CHECK_THAT(r.explanation, Contains("from 153 to 595"));
}

TEST_CASE("live chapters quote the live pass and follow the selection", "[chapters][numbers]") {
  Scene s("the queen. the qu", test::analysis_a(), test::training_a());
  REQUIRE(select_position(s.state, 7).ok());  // the second "e" of "queen"
  s.state.chapter = 3;
  s.state.predict = PredictState{3, 1, true};  // answered: the sum may be said
  select_head(s.state, 0, 3);
  const ChapterContext c = s.context();
  const int T = s.acts.length();
  const float* weights = s.acts.layers[0].weights + (3 * T + 7) * T;
  double sum = 0.0;
  for (int j = 0; j <= 7; ++j) sum += weights[j];
  const std::string t3 = find_chapter(3)->body(c);
  CHECK_THAT(t3, Contains("In layer 1, head 4, the largest weight of \u201ce\u201d at place 8"));
  CHECK_THAT(t3, Contains("Its 8 weights add up to " + fmt_fixed(sum, 6)));
  CHECK_THAT(t3, Contains("All 9 of its weights towards later characters are exactly zero"));
  const float* row = s.acts.layers[0].scores + (3 * T + 7) * T;
  float hi = row[0];
  for (int j = 1; j <= 7; ++j) hi = std::max(hi, row[j]);
  const std::string t2 = find_chapter(2)->body(c);
  CHECK_THAT(t2, Contains("The highest, " + fmt_fixed(hi, 2)));
  CHECK_THAT(find_chapter(2)->numbers(c), Contains("\u221a8 is 2.828"));
}

TEST_CASE("chapter 1's example band is where the two places' position numbers differ most",
          "[chapters][numbers]") {
  for (const auto& [text, position] : {std::pair<std::string, int>{"the queen. the qu", 16},
                                       {"the cat sat on the mat and the cat sa", 29}}) {
    Scene s(text, test::analysis_a(), test::training_a());
    REQUIRE(select_position(s.state, position).ok());
    int other = -1;  // the latest other place of the same character
    for (int j = 0; j < s.acts.length(); ++j)
      if (j != position && text[static_cast<std::size_t>(j)] == text[static_cast<std::size_t>(position)])
        other = j;
    REQUIRE(other >= 0);
    const float* here = s.acts.pos + static_cast<std::size_t>(position) * kDModel;
    const float* there = s.acts.pos + static_cast<std::size_t>(other) * kDModel;
    int band = 0;
    for (int i = 1; i < kDModel; ++i)
      if (std::fabs(here[i] - there[i]) > std::fabs(here[band] - there[band])) band = i;
    const double gap = std::fabs(static_cast<double>(here[band]) - there[band]);
    INFO(text << ": band " << band + 1 << ", gap " << gap);
    CHECK(gap > 0.5);  // visibly different at two decimals, not 1.00000 against 0.99999
    const std::string t = s.render(1);
    INFO(t);
    CHECK_THAT(t, Contains(" at place " + std::to_string(position + 1) + ". In band " +
                           std::to_string(band + 1) + ", "));
    CHECK_THAT(t, Contains("but its place adds " + fmt_fixed(there[band], 2) + " instead of " +
                           fmt_fixed(here[band], 2) + ", so it starts at "));
    // The answer quotes the same band and its difference.
    CHECK_THAT(t, Contains(" differ by up to " + fmt_fixed(gap, 2) + ", in band " + std::to_string(band + 1) +
                           ", so the sums differ."));
  }
}

// Hand-made analyses, manifests and a fake engine for the UI tests. Two variants
// (A and B) carry different figures, so a test can check that a sentence follows
// its inputs and holds no number of its own.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "am/engine/generation.hpp"
#include "am/model/analysis_summary.hpp"
#include "am/model/forward.hpp"
#include "am/model/weights.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/script_runner.hpp"
#include "am/ui/training_curves.hpp"

namespace am::ui::test {

inline HeadMask mask_of(std::initializer_list<const char*> names) {
  HeadMask m;
  for (const char* n : names) {
    auto r = parse_head_name(n);
    m.pulled[static_cast<std::size_t>((*r)[0])][static_cast<std::size_t>((*r)[1])] = true;
  }
  return m;
}

inline HeadScores& head(AnalysisSummary& a, const char* name) {
  auto r = parse_head_name(name);
  return a.heads[static_cast<std::size_t>((*r)[0])][static_cast<std::size_t>((*r)[1])];
}

// Variant A: the seed's story. L1H2 and L1H4 look one back, L1H1 two back, L1H3 at
// spaces; L2H3 and L2H4 are induction heads.
inline AnalysisSummary analysis_a() {
  AnalysisSummary a;
  a.step = 2000;
  a.sequences = 200;
  a.accuracy = 0.96;
  for (auto& layer : a.heads)
    for (auto& h : layer) h = HeadScores{0.12, 0.1, 0.15, 0.1, 0.17, 0.02, 0.03};
  head(a, "L1H2").previous = 0.81;
  head(a, "L1H4").previous = 0.77;
  head(a, "L1H1") = HeadScores{0.2, 0.42, 0.1, 0.1, 0.17, 0.01, 0.02};
  head(a, "L1H3").space = 0.45;
  head(a, "L2H3").induction = 0.71;
  head(a, "L2H4").induction = 0.66;
  const std::map<std::string, double> singles = {{"L1H1", 0.93}, {"L1H2", 0.28}, {"L1H3", 0.94},
                                                 {"L1H4", 0.61}, {"L2H1", 0.95}, {"L2H2", 0.92},
                                                 {"L2H3", 0.33}, {"L2H4", 0.72}};
  for (const auto& [name, acc] : singles) a.ablations.push_back({mask_of({name.c_str()}), acc});
  a.ablations.push_back({mask_of({"L2H3", "L2H4"}), 0.12});
  a.demo = CopyDemo{"qzxv kplw qzxv kp", "l", 0.84};
  a.bits_per_char = 2.21;
  a.bigram_bits_per_char = 3.37;
  a.books = {{"pg158", "Emma"}, {"pg105", "Persuasion"}};
  return a;
}

// Variant B: different heads, different figures, and a weak induction head.
inline AnalysisSummary analysis_b() {
  AnalysisSummary a;
  a.step = 2000;
  a.sequences = 120;
  a.accuracy = 0.58;
  for (auto& layer : a.heads)
    for (auto& h : layer) h = HeadScores{0.11, 0.09, 0.14, 0.1, 0.17, 0.03, 0.04};
  head(a, "L1H1").previous = 0.62;
  head(a, "L2H2").induction = 0.31;  // below the induction threshold
  const std::map<std::string, double> singles = {{"L1H1", 0.47}, {"L1H2", 0.55}, {"L1H3", 0.52},
                                                 {"L1H4", 0.53}, {"L2H1", 0.51}, {"L2H2", 0.41},
                                                 {"L2H3", 0.50}, {"L2H4", 0.57}};
  for (const auto& [name, acc] : singles) a.ablations.push_back({mask_of({name.c_str()}), acc});
  return a;
}

inline TrainingRecord training_a() {
  TrainingRecord t;
  const std::vector<std::int64_t> steps = {0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000};
  const std::vector<double> acc = {0.02, 0.04, 0.06, 0.10, 0.14, 0.50, 0.78, 0.90, 0.96};
  const std::vector<double> loss = {3.40, 2.80, 2.50, 2.30, 2.20, 2.25, 2.00, 1.90, 1.85};
  const std::vector<double> val = {3.41, 2.90, 2.60, 2.40, 2.31, 2.30, 2.10, 2.00, 1.95};
  for (std::size_t i = 0; i < steps.size(); ++i)
    t.checkpoints.push_back({steps[i], loss[i], val[i], acc[i], {}});
  t.recipe.repeat_share = 0.5;
  t.recipe.repeat_min = 16;
  t.recipe.repeat_max = 32;
  t.recipe.batch = 48;
  // Head scores at the two checkpoints around the change: L2H3 becomes an induction head.
  HeadTable quiet{};
  for (auto& layer : quiet)
    for (auto& h : layer) h = HeadScores{0.1, 0.1, 0.1, 0.1, 0.17, 0.03, 0.03};
  HeadTable grown = quiet;
  grown[1][2].induction = 0.52;
  quiet[1][0].induction = 0.05;
  t.checkpoints[4].heads = quiet;  // step 1000
  t.checkpoints[6].heads = grown;  // step 1500
  return t;
}

inline TrainingRecord training_b() {
  TrainingRecord t;
  const std::vector<std::int64_t> steps = {0, 400, 800, 1200, 1600, 2000};
  const std::vector<double> acc = {0.03, 0.11, 0.19, 0.73, 0.81, 0.83};
  const std::vector<double> loss = {3.30, 2.70, 2.40, 2.10, 2.00, 1.97};
  for (std::size_t i = 0; i < steps.size(); ++i)
    t.checkpoints.push_back({steps[i], loss[i], std::nullopt, acc[i], {}});
  t.recipe.repeat_share = 0.3;
  t.recipe.batch = 32;
  return t;
}

// An engine with random-init weights per checkpoint, no renderer.
class FakeEngine : public Engine {
 public:
  FakeEngine() {
    for (std::int64_t s : steps_) {
      weights_.push_back(random_weights(static_cast<std::uint64_t>(s) + 1));
      weights_.back().step = s;
    }
  }
  const std::vector<std::int64_t>& checkpoint_steps() const override { return steps_; }
  Activations forward(std::int64_t step, std::span<const int> ids, const HeadMask& pulled) override {
    return am::forward(weights_at(step), ids, pulled);
  }
  Result<Generation> generate(std::int64_t step, std::span<const int> ids, const HeadMask& pulled, int count,
                              const WriteSettings& how) override {
    return engine::generate_greedy(weights_at(step), ids, pulled, count, how);
  }
  Status screenshot(const std::filesystem::path& path) override {
    screenshots.push_back(path.string());
    return Ok{};
  }
  std::optional<double> nonsense_accuracy(std::int64_t, const HeadMask& pulled) override {
    return 0.9 - 0.1 * pulled.count();  // a stand-in: each pulled head costs ten points
  }
  ChapterContext chapter_context(const AppState& state) override {
    ChapterContext c;
    c.state = &state;
    // Not owned: the engine outlives every context the tests build.
    c.weights = std::shared_ptr<const Weights>(std::shared_ptr<const Weights>(), &weights_at(state.step));
    c.training = &training;
    c.analysis = &analysis;
    return c;
  }
  // The checkpoint nearest to `step`, as the real engine picks it.
  const Weights& weights_at(std::int64_t step) const {
    const std::int64_t snapped = nearest_step(steps_, step);
    for (std::size_t i = 0; i < steps_.size(); ++i)
      if (steps_[i] == snapped) return weights_[i];
    return weights_.back();
  }

  AnalysisSummary analysis = analysis_a();
  TrainingRecord training = training_a();
  std::vector<std::string> screenshots;

 private:
  std::vector<std::int64_t> steps_ = {0, 250, 500, 1000, 1500, 2000};
  std::vector<Weights> weights_;
};

// Everything a chapter shows, in one string.
// The no-break spaces of the formatter (text_format.hpp) become plain spaces, so
// expectations read as sentences: "96 %", "step 2 000".
inline std::string plain_spaces(std::string s) {
  for (const std::string nb : {"\u00a0", "\u202f"})
    for (std::size_t at; (at = s.find(nb)) != std::string::npos;) s.replace(at, nb.size(), " ");
  return s;
}

// As the learner reads it after answering the question, with "the numbers" opened.
inline std::string render_chapter(const Chapter& ch, const ChapterContext& context) {
  AppState answered = context.state ? *context.state : AppState{};
  answered.chapter = ch.number;
  answered.predict = PredictState{ch.number, 0, true};
  ChapterContext c = context;
  c.state = context.state ? &answered : nullptr;
  std::string s = ch.body(c) + "\n" + ch.numbers(c) + "\n" + ch.caption(c) + "\n" + ch.try_this.words(c);
  if (ch.predict) {
    s += "\n" + ch.predict->prompt(c);
    for (const auto& choice : ch.predict->choices(c)) s += "\n" + choice;
    s += "\n" + ch.predict->answer_from(c).explanation;
  }
  return plain_spaces(s);
}

}  // namespace am::ui::test

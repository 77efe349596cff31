#include "am/analysis/checkpoint_analysis.hpp"

#include <algorithm>

#include "am/model/alphabet.hpp"

namespace am::analysis {

CheckpointMetrics analyse_checkpoint(const Weights& weights, const NonsenseSet& set,
                                     const std::vector<HeldoutWindow>& windows, int threads) {
  NonsensePass copy = analyse_nonsense(weights, set, {}, threads);
  WindowsPass text = analyse_windows(weights, windows, threads);
  merge(copy.heads, text.heads);  // the two passes fill disjoint scores
  CheckpointMetrics m;
  m.accuracy = copy.accuracy;
  m.heads = scores_of(copy.heads);
  m.heldout_loss = text.loss;
  const auto novel = means_of(text.detect), nonsense = means_of(copy.detect);
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const auto L = static_cast<std::size_t>(l), H = static_cast<std::size_t>(h);
      m.detect[L][H].novel = novel[L][H];
      m.detect[L][H].nonsense = nonsense[L][H];
      m.offset_profile[L][H] = text.profile[L][H].mean();
    }
  m.prefix_matching = prefix_matching(weights, standard_repeated_random(), threads);
  return m;
}

std::vector<std::string> standard_prompts() { return {"qzxv kplw qzxv kp", "the queen. the qu"}; }

std::string expected_copy(const std::string& prompt) {
  if (prompt.size() < 2) return "";
  const char last = prompt.back();
  for (std::size_t i = prompt.size() - 1; i-- > 0;)
    if (prompt[i] == last) return std::string(1, prompt[i + 1]);
  return "";
}

std::vector<std::array<int, 2>> layer2_by_induction(const HeadTable& heads) {
  std::vector<std::array<int, 2>> order;
  for (int h = 0; h < kHeads; ++h) order.push_back({kLayers - 1, h});
  std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
    return heads[static_cast<std::size_t>(a[0])][static_cast<std::size_t>(a[1])].induction >
           heads[static_cast<std::size_t>(b[0])][static_cast<std::size_t>(b[1])].induction;
  });
  return order;
}

FinalAnalysis analyse_final(const Weights& weights, std::int64_t step, const NonsenseSet& set,
                            const HeadTable& heads, const std::vector<HeldoutBook>& books,
                            const BigramModel& bigram, int threads) {
  FinalAnalysis f;
  f.step = step;
  f.accuracy = nonsense_accuracy(weights, set, {}, threads);
  const double base = f.accuracy.overall.rate();
  const auto ablate = [&](const HeadMask& mask) {
    AblationResult r;
    r.pulled = mask;
    r.accuracy = nonsense_accuracy(weights, set, mask, threads);
    r.drop = base - r.accuracy.overall.rate();
    return r;
  };
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      HeadMask mask;
      mask.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] = true;
      f.single[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] = ablate(mask);
    }
  const auto ranked = layer2_by_induction(heads);
  if (ranked.size() >= 2) {
    HeadMask pair;
    for (int r = 0; r < 2; ++r)
      pair.pulled[static_cast<std::size_t>(ranked[static_cast<std::size_t>(r)][0])]
                 [static_cast<std::size_t>(ranked[static_cast<std::size_t>(r)][1])] = true;
    f.induction_pair = ablate(pair);
  }

  for (const std::string& prompt : standard_prompts()) {
    PromptPrediction p;
    p.prompt = prompt;
    p.expected = expected_copy(prompt);
    p.probs = next_char_probs(weights, encode(prompt));
    f.prompts.push_back(std::move(p));
  }

  TextComparison overall{"overall", "all held-out text", {}, {}};
  for (const HeldoutBook& book : books) {
    TextComparison c{book.name, book.title, text_loss(weights, book.ids, threads), bigram.text_loss(book.ids)};
    overall.model.merge(c.model);
    overall.bigram.merge(c.bigram);
    f.texts.push_back(std::move(c));
  }
  if (!books.empty()) f.texts.push_back(std::move(overall));
  return f;
}

}  // namespace am::analysis

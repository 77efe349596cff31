#include "am/analysis/model_passes.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "am/analysis/parallel.hpp"
#include "am/model/forward.hpp"

namespace am::analysis {

namespace {

// One set of activations per thread, reused across passes.
std::vector<Activations> workspaces(int threads) {
  return std::vector<Activations>(static_cast<std::size_t>(std::max(threads, 1)));
}

// detect_head's three patterns for every head of one pass over `ids`.
void accumulate_detect(const Activations& a, std::span<const int> ids, DetectAccumulators& into) {
  const int T = a.length();
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      for (int p = 0; p < kDetectPatterns; ++p)
        into[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)][static_cast<std::size_t>(p)].add(
            detect_head_score(head_weights(a, l, h), ids, T, static_cast<DetectPattern>(p)));
}

}  // namespace

void merge(DetectAccumulators& into, const DetectAccumulators& from) {
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      for (int p = 0; p < kDetectPatterns; ++p)
        into[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)][static_cast<std::size_t>(p)].merge(
            from[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)][static_cast<std::size_t>(p)]);
}

PerHead<std::array<double, kDetectPatterns>> means_of(const DetectAccumulators& a) {
  PerHead<std::array<double, kDetectPatterns>> m{};
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      for (int p = 0; p < kDetectPatterns; ++p)
        m[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)][static_cast<std::size_t>(p)] =
            a[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)][static_cast<std::size_t>(p)].mean();
  return m;
}

double TextLoss::bits_per_char() const { return nats_per_char() / std::numbers::ln2; }

double cross_entropy(const float* logits, int target) {
  double mx = logits[0];
  for (int v = 1; v < kVocab; ++v) mx = std::max(mx, static_cast<double>(logits[v]));
  double sum = 0.0;
  for (int v = 0; v < kVocab; ++v) sum += std::exp(static_cast<double>(logits[v]) - mx);
  return std::log(sum) + mx - static_cast<double>(logits[target]);
}

NonsensePass analyse_nonsense(const Weights& weights, const NonsenseSet& set, const HeadMask& pulled,
                              int threads) {
  const int n = static_cast<int>(set.sequences.size());
  std::vector<NonsensePass> per_sequence(static_cast<std::size_t>(n));
  auto ws = workspaces(threads);
  parallel_for(n, threads, [&](int s, int worker) {
    const NonsenseSequence& seq = set.sequences[static_cast<std::size_t>(s)];
    Activations& w = ws[static_cast<std::size_t>(worker)];
    forward(weights, seq.ids, pulled, w);
    NonsensePass& out = per_sequence[static_cast<std::size_t>(s)];
    score_sequence(seq, [&](int i) { return argmax(w.logits + i * kVocab, kVocab); }, out.accuracy);
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h)
        accumulate_copy_scores(head_weights(w, l, h), seq, out.heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]);
    accumulate_detect(w, seq.ids, out.detect);
  });
  NonsensePass total;
  for (const auto& p : per_sequence) {
    total.accuracy.merge(p.accuracy);
    merge(total.heads, p.heads);
    merge(total.detect, p.detect);
  }
  return total;
}

CopyAccuracy nonsense_accuracy(const Weights& weights, const NonsenseSet& set, const HeadMask& pulled,
                               int threads) {
  // the head scores come almost free beside the forward passes
  return analyse_nonsense(weights, set, pulled, threads).accuracy;
}

WindowsPass analyse_windows(const Weights& weights, const std::vector<HeldoutWindow>& windows, int threads) {
  const int n = static_cast<int>(windows.size());
  std::vector<WindowsPass> per_window(static_cast<std::size_t>(n));
  auto ws = workspaces(threads);
  parallel_for(n, threads, [&](int k, int worker) {
    const HeldoutWindow& win = windows[static_cast<std::size_t>(k)];
    Activations& w = ws[static_cast<std::size_t>(worker)];
    // read all but the last character; each position predicts its successor
    const int T = std::min(static_cast<int>(win.ids.size()) - 1, kContext);
    if (T <= 0) return;
    forward(weights, std::span<const int>(win.ids.data(), static_cast<std::size_t>(T)), {}, w);
    WindowsPass& out = per_window[static_cast<std::size_t>(k)];
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h) {
        accumulate_text_scores(head_weights(w, l, h), win.text, T,
                               out.heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]);
        accumulate_offset_profile(head_weights(w, l, h), T,
                                  out.profile[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]);
      }
    accumulate_detect(w, win.ids, out.detect);
    for (int i = 0; i < T; ++i) {
      out.loss.nats += cross_entropy(w.logits + i * kVocab, win.ids[static_cast<std::size_t>(i + 1)]);
      ++out.loss.predicted;
    }
  });
  WindowsPass total;
  for (const auto& p : per_window) {
    merge(total.heads, p.heads);
    total.loss.merge(p.loss);
    merge(total.detect, p.detect);
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h)
        total.profile[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].merge(
            p.profile[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]);
  }
  return total;
}

TextLoss text_loss(const Weights& weights, std::span<const int> ids, int threads) {
  const int size = static_cast<int>(ids.size());
  if (size < 2) return {};
  const int windows = (size - 1 + kContext - 1) / kContext;  // ceil((size - 1) / kContext)
  std::vector<TextLoss> per_window(static_cast<std::size_t>(windows));
  auto ws = workspaces(threads);
  parallel_for(windows, threads, [&](int k, int worker) {
    const int start = k * kContext;
    const int T = std::min(kContext, size - 1 - start);  // positions read; each has a successor
    Activations& w = ws[static_cast<std::size_t>(worker)];
    forward(weights, ids.subspan(static_cast<std::size_t>(start), static_cast<std::size_t>(T)), {}, w);
    TextLoss& out = per_window[static_cast<std::size_t>(k)];
    for (int i = 0; i < T; ++i) {
      out.nats += cross_entropy(w.logits + i * kVocab, ids[static_cast<std::size_t>(start + i + 1)]);
      ++out.predicted;
    }
  });
  TextLoss total;
  for (const auto& l : per_window) total.merge(l);
  return total;
}

PerHead<double> prefix_matching(const Weights& weights, const RepeatedRandom& set, int threads) {
  const int n = static_cast<int>(set.sequences.size());
  std::vector<PerHead<double>> per_sequence(static_cast<std::size_t>(n));
  auto ws = workspaces(threads);
  parallel_for(n, threads, [&](int s, int worker) {
    Activations& w = ws[static_cast<std::size_t>(worker)];
    forward(weights, set.sequences[static_cast<std::size_t>(s)], {}, w);
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h)
        per_sequence[static_cast<std::size_t>(s)][static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] =
            prefix_matching_score(head_weights(w, l, h), w.length(), set.half_length);
  });
  PerHead<double> mean{};
  for (const auto& p : per_sequence)
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h)
        mean[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] +=
            p[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] / std::max(n, 1);
  return mean;
}

const RepeatedRandom& standard_repeated_random() {
  static const RepeatedRandom set = make_repeated_random();
  return set;
}

FalseCopyTally false_copies(const Weights& weights, std::span<const int> ids, int threads) {
  const int size = static_cast<int>(ids.size());
  if (size < 2) return {};
  const int windows = (size - 1 + kContext - 1) / kContext;
  std::vector<FalseCopyTally> per_window(static_cast<std::size_t>(windows));
  auto ws = workspaces(threads);
  parallel_for(windows, threads, [&](int k, int worker) {
    const int start = k * kContext;
    const int T = std::min(kContext, size - 1 - start);
    Activations& w = ws[static_cast<std::size_t>(worker)];
    const auto window = ids.subspan(static_cast<std::size_t>(start), static_cast<std::size_t>(T + 1));
    forward(weights, window.first(static_cast<std::size_t>(T)), {}, w);
    count_false_copies(window, T, w.probs, per_window[static_cast<std::size_t>(k)]);
  });
  FalseCopyTally total;
  for (const auto& t : per_window) total.merge(t);
  return total;
}

std::array<double, kVocab> next_char_probs(const Weights& weights, std::span<const int> prompt_ids,
                                           const HeadMask& pulled) {
  std::array<double, kVocab> probs{};
  if (prompt_ids.empty()) return probs;
  const Activations w = forward(weights, prompt_ids, pulled);
  const float* logits = w.logits + (w.length() - 1) * kVocab;
  double mx = logits[0];
  for (int v = 1; v < kVocab; ++v) mx = std::max(mx, static_cast<double>(logits[v]));
  double sum = 0.0;
  for (int v = 0; v < kVocab; ++v) sum += probs[static_cast<std::size_t>(v)] = std::exp(logits[v] - mx);
  for (double& p : probs) p /= sum;
  return probs;
}

}  // namespace am::analysis

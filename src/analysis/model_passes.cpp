#include "am/analysis/model_passes.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "am/analysis/parallel.hpp"

namespace am::analysis {

namespace {

std::vector<ForwardWorkspace> workspaces(int threads) {
  return std::vector<ForwardWorkspace>(static_cast<std::size_t>(std::max(threads, 1)));
}

}  // namespace

double TextLoss::bits_per_char() const { return nats_per_char() / std::numbers::ln2; }

double cross_entropy(const float* logits, int target) {
  double mx = logits[0];
  for (int v = 1; v < kVocab; ++v) mx = std::max(mx, static_cast<double>(logits[v]));
  double sum = 0.0;
  for (int v = 0; v < kVocab; ++v) sum += std::exp(static_cast<double>(logits[v]) - mx);
  return std::log(sum) + mx - static_cast<double>(logits[target]);
}

NonsensePass analyse_nonsense(const FastForward& model, const NonsenseSet& set, const HeadMask& pulled,
                              int threads) {
  const int n = static_cast<int>(set.sequences.size());
  std::vector<NonsensePass> per_sequence(static_cast<std::size_t>(n));
  auto ws = workspaces(threads);
  parallel_for(n, threads, [&](int s, int worker) {
    const NonsenseSequence& seq = set.sequences[static_cast<std::size_t>(s)];
    ForwardWorkspace& w = ws[static_cast<std::size_t>(worker)];
    model.run(seq.ids, pulled, w);
    NonsensePass& out = per_sequence[static_cast<std::size_t>(s)];
    score_sequence(seq, [&](int i) { return argmax(w.logits_at(i), kVocab); }, out.accuracy);
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h)
        accumulate_copy_scores(w.attention(l, h), seq, out.heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]);
  });
  NonsensePass total;
  for (const auto& p : per_sequence) {
    total.accuracy.merge(p.accuracy);
    merge(total.heads, p.heads);
  }
  return total;
}

CopyAccuracy nonsense_accuracy(const FastForward& model, const NonsenseSet& set, const HeadMask& pulled,
                               int threads) {
  const int n = static_cast<int>(set.sequences.size());
  std::vector<CopyAccuracy> per_sequence(static_cast<std::size_t>(n));
  auto ws = workspaces(threads);
  parallel_for(n, threads, [&](int s, int worker) {
    const NonsenseSequence& seq = set.sequences[static_cast<std::size_t>(s)];
    ForwardWorkspace& w = ws[static_cast<std::size_t>(worker)];
    model.run(seq.ids, pulled, w);
    score_sequence(seq, [&](int i) { return argmax(w.logits_at(i), kVocab); },
                   per_sequence[static_cast<std::size_t>(s)]);
  });
  CopyAccuracy total;
  for (const auto& a : per_sequence) total.merge(a);
  return total;
}

WindowsPass analyse_windows(const FastForward& model, const std::vector<HeldoutWindow>& windows, int threads) {
  const int n = static_cast<int>(windows.size());
  std::vector<WindowsPass> per_window(static_cast<std::size_t>(n));
  auto ws = workspaces(threads);
  parallel_for(n, threads, [&](int k, int worker) {
    const HeldoutWindow& win = windows[static_cast<std::size_t>(k)];
    ForwardWorkspace& w = ws[static_cast<std::size_t>(worker)];
    // read all but the last character; each position predicts its successor
    const int T = std::min(static_cast<int>(win.ids.size()) - 1, kContext);
    if (T <= 0) return;
    model.run(std::span<const int>(win.ids.data(), static_cast<std::size_t>(T)), {}, w);
    WindowsPass& out = per_window[static_cast<std::size_t>(k)];
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h)
        accumulate_text_scores(w.attention(l, h), win.text, T,
                               out.heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]);
    for (int i = 0; i < T; ++i) {
      out.loss.nats += cross_entropy(w.logits_at(i), win.ids[static_cast<std::size_t>(i + 1)]);
      ++out.loss.predicted;
    }
  });
  WindowsPass total;
  for (const auto& p : per_window) {
    merge(total.heads, p.heads);
    total.loss.merge(p.loss);
  }
  return total;
}

TextLoss text_loss(const FastForward& model, std::span<const int> ids, int threads) {
  const int size = static_cast<int>(ids.size());
  if (size < 2) return {};
  const int windows = (size - 1 + kContext - 1) / kContext;  // ceil((size - 1) / kContext)
  std::vector<TextLoss> per_window(static_cast<std::size_t>(windows));
  auto ws = workspaces(threads);
  parallel_for(windows, threads, [&](int k, int worker) {
    const int start = k * kContext;
    const int T = std::min(kContext, size - 1 - start);  // positions read; each has a successor
    ForwardWorkspace& w = ws[static_cast<std::size_t>(worker)];
    model.run(ids.subspan(static_cast<std::size_t>(start), static_cast<std::size_t>(T)), {}, w);
    TextLoss& out = per_window[static_cast<std::size_t>(k)];
    for (int i = 0; i < T; ++i) {
      out.nats += cross_entropy(w.logits_at(i), ids[static_cast<std::size_t>(start + i + 1)]);
      ++out.predicted;
    }
  });
  TextLoss total;
  for (const auto& l : per_window) total.merge(l);
  return total;
}

std::array<double, kVocab> next_char_probs(const FastForward& model, std::span<const int> prompt_ids,
                                           const HeadMask& pulled) {
  std::array<double, kVocab> probs{};
  if (prompt_ids.empty()) return probs;
  ForwardWorkspace w;
  model.run(prompt_ids, pulled, w);
  const float* logits = w.logits_at(w.T - 1);
  double mx = logits[0];
  for (int v = 1; v < kVocab; ++v) mx = std::max(mx, static_cast<double>(logits[v]));
  double sum = 0.0;
  for (int v = 0; v < kVocab; ++v) sum += probs[static_cast<std::size_t>(v)] = std::exp(logits[v] - mx);
  for (double& p : probs) p /= sum;
  return probs;
}

}  // namespace am::analysis

#include "am/ui/live_numbers.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "am/model/alphabet.hpp"

namespace am::ui {

std::vector<Guess> top_guesses(const Activations& acts, int position, int k) {
  std::vector<Guess> out;
  if (position < 0 || position >= acts.length() || k <= 0) return out;
  const float* p = acts.probs + static_cast<std::size_t>(position) * kVocab;  // [30]
  std::array<int, kVocab> order{};
  std::iota(order.begin(), order.end(), 0);
  const int n = std::min(k, kVocab);
  // Stable on ties: the lower id first, so the list never flickers.
  std::partial_sort(order.begin(), order.begin() + n, order.end(),
                    [&](int a, int b) { return p[a] > p[b] || (p[a] == p[b] && a < b); });
  for (int i = 0; i < n; ++i) out.push_back({order[static_cast<std::size_t>(i)], p[order[static_cast<std::size_t>(i)]]});
  return out;
}

float probability_of(const Activations& acts, int position, int id) {
  if (position < 0 || position >= acts.length() || id < 0 || id >= kVocab) return 0.0f;
  return acts.probs[static_cast<std::size_t>(position) * kVocab + static_cast<std::size_t>(id)];
}

std::size_t count_parameters(const Weights& weights) {
  std::size_t total = 0;
  for (const TensorInfo& t : parameter_table()) total += t.count;
  // The table and the block read from the file must agree; if not, the block is the truth.
  return total == weights.values.size() ? total : weights.values.size();
}

std::optional<CopyTarget> find_copy_target(std::string_view text) {
  if (text.size() < 2) return std::nullopt;
  const int n = static_cast<int>(text.size());
  std::optional<CopyTarget> best;
  for (int j = n - 2; j >= 0; --j) {
    int m = 0;  // text[j - k] == text[n - 1 - k] for k < m
    while (j - m >= 0 && text[static_cast<std::size_t>(j - m)] == text[static_cast<std::size_t>(n - 1 - m)]) ++m;
    if (m == 0 || (best && m <= best->matched)) continue;
    best = CopyTarget{j, j + 1, text[static_cast<std::size_t>(j + 1)], m};
  }
  return best;
}

HeadScoreTable live_head_scores(const Activations& acts, std::string_view text) {
  HeadScoreTable table{};
  const int T = acts.length();
  if (T < 2 || static_cast<int>(text.size()) < T) return table;
  const std::string_view read = text.substr(text.size() - static_cast<std::size_t>(T));
  for (int l = 0; l < kLayers; ++l) {
    for (int h = 0; h < kHeads; ++h) {
      const float* w = acts.layers[static_cast<std::size_t>(l)].weights + static_cast<std::size_t>(h) * T * T;  // [T, T]
      double prev = 0, two = 0, self = 0, space = 0, share = 0;
      int two_count = 0;
      int spaces_seen = read[0] == ' ' ? 1 : 0;
      for (int i = 1; i < T; ++i) {
        const float* row = w + static_cast<std::size_t>(i) * T;
        prev += row[i - 1];
        self += row[i];
        if (i >= 2) {
          two += row[i - 2];
          ++two_count;
        }
        if (read[static_cast<std::size_t>(i)] == ' ') ++spaces_seen;
        double mass = 0;
        for (int j = 0; j <= i; ++j)
          if (read[static_cast<std::size_t>(j)] == ' ') mass += row[j];
        space += mass;
        share += static_cast<double>(spaces_seen) / (i + 1);
      }
      HeadScoreSet& s = table[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
      const double rows = T - 1;
      s.previous = prev / rows;
      s.self = self / rows;
      s.two_back = two_count > 0 ? two / two_count : 0.0;
      s.space = space / rows;
      s.space_share = share / rows;
    }
  }
  return table;
}

double vector_length(const float* values, int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += static_cast<double>(values[i]) * values[i];
  return std::sqrt(sum);
}

}  // namespace am::ui

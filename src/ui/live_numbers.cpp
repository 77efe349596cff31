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

HeadTable live_head_scores(const Activations& acts, std::string_view text) {
  HeadTable table{};
  const int T = acts.length();
  if (T < 2 || static_cast<int>(text.size()) < T) return table;
  // The pass read the last T characters of the text.
  const std::string_view read = text.substr(text.size() - static_cast<std::size_t>(T));
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const float* w = acts.layers[static_cast<std::size_t>(l)].weights + static_cast<std::size_t>(h) * T * T;  // [T, T]
      HeadAccumulators acc;
      accumulate_text_scores(w, read, T, acc);
      table[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] = acc.scores();
    }
  return table;
}

double vector_length(const float* values, int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += static_cast<double>(values[i]) * values[i];
  return std::sqrt(sum);
}

}  // namespace am::ui

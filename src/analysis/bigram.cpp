#include "am/analysis/bigram.hpp"

#include <cmath>

#include "am/model/alphabet.hpp"

namespace am::analysis {

void BigramModel::count(std::string_view text) {
  int previous = -1;
  for (char c : text) {
    const int id = char_to_id(c);
    if (id < 0) continue;  // normalized text has none; skip rather than mis-index
    if (previous >= 0) {
      ++counts_[static_cast<std::size_t>(previous)][static_cast<std::size_t>(id)];
      ++row_totals_[static_cast<std::size_t>(previous)];
      ++pairs_;
    }
    previous = id;
  }
}

double BigramModel::probability(int current, int next) const {
  const auto c = static_cast<std::size_t>(current);
  return (static_cast<double>(counts_[c][static_cast<std::size_t>(next)]) + 1.0) /
         (static_cast<double>(row_totals_[c]) + kVocab);
}

TextLoss BigramModel::text_loss(std::span<const int> ids) const {
  TextLoss loss;
  for (std::size_t i = 1; i < ids.size(); ++i) {
    loss.nats -= std::log(probability(ids[i - 1], ids[i]));
    ++loss.predicted;
  }
  return loss;
}

}  // namespace am::analysis

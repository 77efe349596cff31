#include "am/analysis/copy_accuracy.hpp"

#include <string_view>

namespace am::analysis {

CharClass char_class(char c) {
  if (c == ' ') return CharClass::kSpace;
  if (std::string_view("qxzjkv").find(c) != std::string_view::npos) return CharClass::kRare;
  if (std::string_view("etaoinsh").find(c) != std::string_view::npos) return CharClass::kCommon;
  return CharClass::kOtherLetter;
}

const char* char_class_name(CharClass c) {
  switch (c) {
    case CharClass::kRare: return "rare";
    case CharClass::kCommon: return "common";
    case CharClass::kOtherLetter: return "other";
    case CharClass::kSpace: return "space";
  }
  return "?";
}

void CopyAccuracy::merge(const CopyAccuracy& o) {
  overall.merge(o.overall);
  for (std::size_t i = 0; i < by_words.size(); ++i) by_words[i].merge(o.by_words[i]);
  for (std::size_t i = 0; i < by_next_class.size(); ++i) by_next_class[i].merge(o.by_next_class[i]);
  for (std::size_t i = 0; i < by_current_class.size(); ++i) by_current_class[i].merge(o.by_current_class[i]);
}

void score_sequence(const NonsenseSequence& seq, const std::function<int(int position)>& predicted,
                    CopyAccuracy& into) {
  const int word_index = seq.words - kNonsenseMinWords;
  for (int i = seq.first_scored(); i < seq.end_scored(); ++i) {
    const int truth = seq.ids[static_cast<std::size_t>(i + 1)];
    const bool right = predicted(i) == truth;
    into.overall.add(right);
    if (word_index >= 0 && word_index < kNonsenseWordCounts)
      into.by_words[static_cast<std::size_t>(word_index)].add(right);
    into.by_next_class[static_cast<std::size_t>(char_class(seq.text[static_cast<std::size_t>(i + 1)]))].add(right);
    into.by_current_class[static_cast<std::size_t>(char_class(seq.text[static_cast<std::size_t>(i)]))].add(right);
  }
}

CopyAccuracy score_copy_predictions(const NonsenseSet& set, const Predictor& predicted) {
  CopyAccuracy acc;
  for (std::size_t s = 0; s < set.sequences.size(); ++s)
    score_sequence(set.sequences[s], [&](int i) { return predicted(static_cast<int>(s), i); }, acc);
  return acc;
}

int argmax(const float* values, int n) {
  int best = 0;
  for (int i = 1; i < n; ++i)
    if (values[i] > values[best]) best = i;
  return best;
}

}  // namespace am::analysis

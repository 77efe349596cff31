// Built only when the analysis library is part of the build (see CMakeLists.txt);
// nonsense_accuracy_stub.cpp stands in otherwise.
#include "am/ui/nonsense_accuracy.hpp"

#include "am/analysis/copy_accuracy.hpp"
#include "am/analysis/fast_forward.hpp"
#include "am/analysis/nonsense_set.hpp"

namespace am::ui {

bool nonsense_accuracy_available() { return true; }

std::optional<double> nonsense_accuracy(const Weights& weights, const HeadMask& pulled) {
  const analysis::NonsenseSet& set = analysis::standard_nonsense_set();
  const analysis::FastForward model(weights);
  analysis::ForwardWorkspace ws;
  analysis::CopyAccuracy total;
  for (const analysis::NonsenseSequence& seq : set.sequences) {
    model.run(seq.ids, pulled, ws);  // logits: [T, 30]
    analysis::score_sequence(seq, [&](int i) { return analysis::argmax(ws.logits_at(i), kVocab); }, total);
  }
  return total.overall.rate();
}

}  // namespace am::ui

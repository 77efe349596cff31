// Built only when the analysis library is part of the build (see CMakeLists.txt);
// nonsense_accuracy_stub.cpp stands in otherwise.
#include "am/engine/nonsense_accuracy.hpp"

#include "am/analysis/model_passes.hpp"
#include "am/analysis/nonsense_set.hpp"

namespace am::engine {

bool nonsense_accuracy_available() { return true; }

std::optional<double> nonsense_accuracy(const Weights& weights, const HeadMask& pulled) {
  // One thread: the app calls this from its background worker, beside the UI thread.
  return analysis::nonsense_accuracy(weights, analysis::standard_nonsense_set(), pulled, 1).overall.rate();
}

}  // namespace am::engine

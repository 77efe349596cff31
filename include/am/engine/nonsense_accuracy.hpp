// The rack's live figure: accuracy on the analysis's repeated-nonsense set with
// some heads pulled. Computed through the analysis library when the build has it.
#pragma once

#include <optional>

#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"

namespace am::engine {

// True when this build can compute nonsense accuracy (the analysis library was found).
bool nonsense_accuracy_available();
// Right-the-second-time rate on the standard set; nullopt when unavailable.
std::optional<double> nonsense_accuracy(const Weights& weights, const HeadMask& pulled);

}  // namespace am::engine

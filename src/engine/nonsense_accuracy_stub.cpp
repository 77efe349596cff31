// Stands in for nonsense_accuracy.cpp when the analysis library is not built:
// the rack then says the live recount is unavailable instead of showing a number.
#include "am/engine/nonsense_accuracy.hpp"

namespace am::engine {

bool nonsense_accuracy_available() { return false; }

std::optional<double> nonsense_accuracy(const Weights&, const HeadMask&) { return std::nullopt; }

}  // namespace am::engine

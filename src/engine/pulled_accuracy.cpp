#include "am/engine/pulled_accuracy.hpp"

namespace am::engine {

std::optional<double> PulledAccuracy::update(RunShelf& shelf, std::int64_t step, std::size_t index,
                                             const HeadMask& pulled, bool at_once) {
  if (!pulled.any()) {
    value_.reset();
  } else if (at_once) {
    if (step_ != step || !(for_ == pulled)) {
      value_ = shelf.shown().nonsense_accuracy(step, pulled);
      for_ = pulled;
      step_ = step;
    }
  } else {
    shelf.curve().request(pulled, index);
    value_ = shelf.curve().at(index);
  }
  return value_;
}

}  // namespace am::engine

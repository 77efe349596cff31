// The nonsense accuracy of the run on show with the pulled heads, at the checkpoint on show:
// in the window, from the ablation curve's sweep (it fills in as its threads get there); in
// headless runs, computed at once and kept until the step or the heads change, so that
// pictures and dumps do not depend on how far a thread got.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "am/engine/run_shelf.hpp"
#include "am/model/head_mask.hpp"

namespace am::engine {

class PulledAccuracy {
 public:
  // Once a frame; nullopt while no head is pulled, or the sweep has not reached `index`.
  std::optional<double> update(RunShelf& shelf, std::int64_t step, std::size_t index, const HeadMask& pulled,
                               bool at_once);
  std::optional<double> value() const { return value_; }  // this frame's
  void reset() { *this = PulledAccuracy{}; }

 private:
  std::optional<double> value_;
  HeadMask for_;
  std::int64_t step_ = -1;
};

}  // namespace am::engine

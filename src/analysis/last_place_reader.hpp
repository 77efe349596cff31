// The last place's score after one row of the stream entering the model's last layer
// changed, without a whole pass: that row's key and value are recomputed, then only the
// last query's attention, its MLP and its read-out. Every other row's keys, values and
// stream come from the base pass. (Private to patching.cpp.)
#pragma once

#include "am/model/activations.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"

namespace am::analysis {

class LastPlaceReader {
 public:
  LastPlaceReader(const Weights& weights, const HeadMask& pulled, const Activations& base);

  // The logits [30] at the last place when row `position` of the stream entering the last
  // layer is `row` ([32]).
  const float* with_stream_row(int position, const float* row);
  // The logits [30] at the last place when the last layer's heads there output
  // `head_out` ([H, 1, 8]).
  const float* with_last_heads(const float* head_out);
  // Layer `layer`'s output row at `position` (the stream entering layer + 1) when its
  // heads there output `head_out` ([H, 1, 8]). -> [32], valid until the next call.
  const float* layer_row(int layer, int position, const float* head_out);

 private:
  const float* finish_last(const float* resid_row);
  const Weights& weights_;
  HeadMask pulled_;
  const Activations& base_;
  Activations row_{1};  // one-row scratch: its layers hold the recomputed rows
};

}  // namespace am::analysis

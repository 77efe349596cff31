// A checkpoint kept in memory as its file stores it: a float16 checkpoint stays float16
// (half the bytes of float32) and is widened to float32 only when a pass needs it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "am/model/weights.hpp"

namespace am {

struct StoredWeights {
  std::int64_t step = 0;

  // Keeps `w` as float16 when every value is exactly a float16 (a checkpoint read from an
  // F16 file always is), else as float32: widening never changes a value.
  static StoredWeights keep(Weights w);

  bool is_half() const { return full_ == nullptr; }
  std::size_t bytes() const;  // what the values take in memory
  // The float32 weights: exactly the values of the Weights kept. out.step is set too.
  void widen(Weights& out) const;
  Weights widened() const;
  // A float32 checkpoint shares its values (no copy); null when the checkpoint is float16.
  const std::shared_ptr<const Weights>& full() const { return full_; }

 private:
  std::vector<std::uint16_t> half_;      // [kParamCount] float16 bits, when is_half()
  std::shared_ptr<const Weights> full_;  // otherwise
};

// Widens float16 bits: out[i] = half_to_float(bits[i]) for i < count.
void widen_half(const std::uint16_t* bits, float* out, std::size_t count);

}  // namespace am

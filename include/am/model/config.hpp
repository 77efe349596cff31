// The fixed architecture of the Attention Machine's model. These are not
// settings: the weights format, the tests and the machine all assume them.
#pragma once

#include <cstddef>

namespace am {

inline constexpr int kVocab = 30;     // a-z, space, full stop, comma, apostrophe
inline constexpr int kDModel = 32;    // numbers per character (residual width)
inline constexpr int kLayers = 2;
inline constexpr int kHeads = 4;      // per layer
inline constexpr int kDHead = 8;      // numbers per query / key / value
inline constexpr int kDMlp = 128;     // MLP hidden width
inline constexpr int kContext = 64;   // longest window the model reads
inline constexpr float kLayerNormEps = 1e-5f;
inline constexpr float kPositionBase = 10000.0f;

static_assert(kHeads * kDHead == kDModel, "heads must tile the residual width");

}  // namespace am

// The forward pass: ids -> every activation, with optional head ablation.
#pragma once

#include <span>

#include "am/model/activations.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"

namespace am {

// Sinusoidal position encoding: PE[p,2i] = sin(p / 10000^(2i/32)), PE[p,2i+1] = cos(...).
// out: [32]
void position_encoding(int position, float* out);

// Runs the model on ids (each in [0, kVocab)). Only the last kContext ids are read
// (the window slides); positions restart at 0 at the window's start.
// Pulled heads have their outputs zeroed before the output projection.
void forward(const Weights& weights, std::span<const int> ids, const HeadMask& pulled,
             Activations& out);
Activations forward(const Weights& weights, std::span<const int> ids,
                    const HeadMask& pulled = {});

// forward(weights, ids, pulled, out), reusing `base`: a pass of the same weights and ids
// with `base_pulled` pulled. The layers before the first one where the two masks differ
// are copied from it instead of recomputed (bit for bit the same values).
void forward_reusing(const Weights& weights, std::span<const int> ids, const HeadMask& pulled,
                     const Activations& base, const HeadMask& base_pulled, Activations& out);

// The ids the model actually reads for a longer input (the last kContext).
std::span<const int> context_window(std::span<const int> ids);

}  // namespace am

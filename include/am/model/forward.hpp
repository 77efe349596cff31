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

// Patching entries: the pass already in `acts` (same weights, `pulled` as it was made),
// recomputed onward after a caller changed some of its values.
// From the residual stream entering `layer` (x0 for layer 0, else layer-1's resid_mlp):
// that layer, the later ones and the read-out.
void resume_forward_from_residual(const Weights& weights, const HeadMask& pulled, int layer, Activations& acts);
// From the heads' outputs of `layer` (before W_O): its output projection and MLP, the
// later layers and the read-out.
void resume_forward_after_heads(const Weights& weights, const HeadMask& pulled, int layer, Activations& acts);

// The rest of one layer once its heads' outputs are in la.head_out ([H, T, 8]): the output
// projection (no bias), the residual add and the MLP, into la.attn_out .. la.resid_mlp.
// resid: [T, 32], the stream entering the layer. Each row is computed on its own, so T
// may be 1 (la pointing at scratch rows).
void attention_output_and_mlp(const Weights& weights, int layer, const float* resid, int T, LayerActivations& la);

// The one place the read window is cut: of a text `length` characters long, the model
// reads from this index on (the last kContext characters).
std::size_t context_window_start(std::size_t length);
// The ids the model actually reads for a longer input (the last kContext).
std::span<const int> context_window(std::span<const int> ids);

}  // namespace am

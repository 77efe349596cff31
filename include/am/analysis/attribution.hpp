// Direct logit attribution: which parts of the machine wrote one character's score at
// one place. The residual stream there is a sum of parts (the embedding, the position,
// each head through its slice of W_O, each MLP with its bias); the final LayerNorm is
// linear once its σ is frozen at the value the real pass used (TransformerLens's
// apply_ln_to_stack), so each part, centred over its 32 numbers, read through γ/σ and the
// read-out, gives a term, and the terms add up to the logit exactly.
//
// The attention's output projection has no bias in this model (blocks.L.attn.o holds
// only a weight; v has none either): nothing is left over for it. The constant that is
// left, ln_f's β read out plus the read-out's own bias, is the `bias` term.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "am/model/activations.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"

namespace am::analysis {

// The parts, in this order: embed, pos, L1H1..L1H4, L2H1..L2H4, mlp1, mlp2, bias.
inline constexpr int kHeadCount = kLayers * kHeads;
inline constexpr int kAttributionParts = 2 + kHeadCount + kLayers + 1;
inline constexpr int kEmbedPart = 0;
inline constexpr int kPosPart = 1;
inline constexpr int head_part(int layer, int head) { return 2 + layer * kHeads + head; }
inline constexpr int mlp_part(int layer) { return 2 + kHeadCount + layer; }
inline constexpr int kBiasPart = kAttributionParts - 1;
// "embed", "pos", "L1H1".., "mlp1", "mlp2", "bias".
std::string attribution_part_name(int part);
// -1 for an unknown name.
int attribution_part_index(const std::string& name);

struct Attribution {
  int target = -1;   // character id whose score is split
  int versus = -1;   // for a difference: the character subtracted, else -1
  int place = -1;    // the position read
  double logit = 0;  // the real score (target's logit, or the difference of the two)
  std::array<double, kAttributionParts> parts{};  // add up to `logit`
  // [head (layer * kHeads + head)][source position j <= place]: weight(place, j) · v_j
  // through W_O, the frozen norm and the read-out; each list adds up to the head's part.
  std::array<std::vector<double>, kHeadCount> by_source{};

  double sum() const;
};

// The highest-scoring character at a place (the favourite), and the highest other than
// `except` (the runner-up when `except` is the favourite).
int favourite(const Activations& acts, int place);
int best_other(const Activations& acts, int place, int except);

// The split of logit(target) at `place` (default: the last) of a pass made with `pulled`
// heads out (their terms are 0). An empty pass or a bad id gives target = -1.
Attribution attribute(const Weights& weights, const Activations& acts, const HeadMask& pulled, int target,
                      int place = -1);
// The same split for logit(target) − logit(versus).
Attribution attribute_difference(const Weights& weights, const Activations& acts, const HeadMask& pulled,
                                 int target, int versus, int place = -1);

}  // namespace am::analysis

// Initial weights for training, drawn from the trainer's own generator so a seed
// gives the same weights with any standard library.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "am/core/result.hpp"
#include "am/model/weights.hpp"

namespace am::train {

enum class InitKind {
  kTorch,   // PyTorch defaults: Linear weight and bias U(±1/√fan_in), Embedding N(0, 1)
  kNormal,  // GPT-style: every matrix N(0, init_std), biases 0
};
std::string to_string(InitKind k);
Result<InitKind> parse_init(std::string_view text);

struct InitSettings {
  InitKind kind = InitKind::kTorch;
  double init_std = 0.02;  // matrices under kNormal
  double embed_std = 1.0;  // the token embedding, either kind
  std::uint64_t seed = 0;
};

// LayerNorm weights 1 and biases 0 under either kind.
Weights initial_weights(const InitSettings& settings);

}  // namespace am::train

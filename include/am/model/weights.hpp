// All 27,166 parameters in one contiguous block, with named views.
// The same layout serves weights, gradients and optimizer moments.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "am/model/config.hpp"

namespace am {

struct TensorInfo {
  std::string name;               // safetensors name, e.g. "blocks.0.attn.q.weight"
  std::vector<std::int64_t> shape;
  std::size_t offset = 0;         // in floats, into the parameter block
  std::size_t count = 0;          // product of shape
};

// Every parameter tensor in canonical (file) order.
const std::vector<TensorInfo>& parameter_table();
const TensorInfo* find_parameter(const std::string& name);
inline constexpr std::size_t kParamCount = 27166;

// Typed pointers into a parameter block. Matrices are stored [out, in].
template <typename F>
struct ParamViewT {
  struct Layer {
    F* ln1_w;   // [32]
    F* ln1_b;   // [32]
    F* q;       // [32 out, 32 in]; rows 8h..8h+7 belong to head h
    F* k;       // [32, 32]
    F* v;       // [32, 32]
    F* o;       // [32 out, 32 in]; columns 8h..8h+7 read head h
    F* ln2_w;   // [32]
    F* ln2_b;   // [32]
    F* fc_w;    // [128, 32]
    F* fc_b;    // [128]
    F* proj_w;  // [32, 128]
    F* proj_b;  // [32]
  };
  F* embed;      // [30, 32]
  std::array<Layer, kLayers> layers;
  F* lnf_w;      // [32]
  F* lnf_b;      // [32]
  F* unembed_w;  // [30, 32]
  F* unembed_b;  // [30]
};
using ParamView = ParamViewT<const float>;
using MutableParamView = ParamViewT<float>;

ParamView view_params(const float* block);
MutableParamView view_params(float* block);

struct Weights {
  std::vector<float> values = std::vector<float>(kParamCount, 0.0f);
  std::int64_t step = 0;  // training step these weights come from

  ParamView view() const { return view_params(values.data()); }
  MutableParamView view() { return view_params(values.data()); }
};

// PyTorch-default-style initialisation (uniform ±1/sqrt(fan_in), N(0,1) embedding,
// LayerNorm weight 1 bias 0), deterministic for a seed.
Weights random_weights(std::uint64_t seed);

}  // namespace am

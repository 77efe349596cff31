// Every intermediate value of one forward pass, in one contiguous block with
// named per-layer views, so the UI, the scene, the JSON dump and the tests look
// them up the same way.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "am/model/aligned_allocator.hpp"
#include "am/model/config.hpp"

namespace am {

struct LayerActivations {
  float* ln1;         // [T, 32]   LayerNorm before attention
  float* q;           // [H, T, 8] per head
  float* k;           // [H, T, 8]
  float* v;           // [H, T, 8]
  float* scores;      // [H, T, T] q_i·k_j/√8 for j <= i; exactly 0 for j > i (masked, not computed)
  float* weights;     // [H, T, T] softmax over j <= i; exactly 0 for j > i
  float* head_out;    // [H, T, 8] Σ_j weight·v_j (zero for a pulled head)
  float* attn_out;    // [T, 32]   after the output projection
  float* resid_attn;  // [T, 32]   residual stream after attention
  float* ln2;         // [T, 32]
  float* mlp_pre;     // [T, 128]  before GELU
  float* mlp_post;    // [T, 128]  after GELU
  float* mlp_out;     // [T, 32]
  float* resid_mlp;   // [T, 32]   residual stream after the MLP
};

struct ActivationEntry {
  std::string name;          // e.g. "blocks.0.attn_weights"
  std::vector<int> shape;
  std::size_t offset;        // into the block, in floats
  std::size_t count;
};

class Activations {
 public:
  explicit Activations(int T = 0);
  Activations(const Activations& other);
  Activations& operator=(const Activations& other);
  Activations(Activations&& other) noexcept;
  Activations& operator=(Activations&& other) noexcept;

  // Re-sizes the block for T positions (0 <= T <= kContext); contents undefined.
  void resize(int T);
  int length() const { return T_; }

  float* embed = nullptr;  // [T, 32] token embedding rows
  float* pos = nullptr;    // [T, 32] sinusoidal positions
  float* x0 = nullptr;     // [T, 32] embed + pos
  std::array<LayerActivations, kLayers> layers{};
  float* ln_f = nullptr;   // [T, 32]
  float* logits = nullptr; // [T, 30]
  float* probs = nullptr;  // [T, 30]

  const std::vector<ActivationEntry>& entries() const { return entries_; }
  // The values of a named entry; empty span if no such name.
  std::span<const float> get(const std::string& name) const;
  // 64-byte aligned (and so is every entry when T is a multiple of 8): SIMD stores
  // that straddle cache lines cost twice as much.
  const std::vector<float, CacheAlignedAllocator<float>>& block() const { return block_; }

 private:
  void bind();
  int T_ = 0;
  std::vector<float, CacheAlignedAllocator<float>> block_;
  std::vector<ActivationEntry> entries_;
};

}  // namespace am

// AdamW as PyTorch defines it, the learning-rate schedule, and gradient
// clipping by global norm.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "am/core/result.hpp"

namespace am::train {

// Which tensors weight decay shrinks.
enum class DecayOn {
  kAll,               // every parameter (torch.optim.AdamW on model.parameters())
  kMatrices,          // 2-D tensors: attention, MLP, embedding and unembedding matrices
  kMatricesNoEmbed,   // 2-D tensors except the embedding and unembedding
  kNone,
};
std::string to_string(DecayOn d);
Result<DecayOn> parse_decay_on(std::string_view text);

struct AdamWSettings {
  double beta1 = 0.9;
  double beta2 = 0.99;
  double eps = 1e-8;
  double weight_decay = 0.01;
  DecayOn decay_on = DecayOn::kAll;
  double embed_lr_mult = 1.0;  // learning-rate factor for embed.weight and unembed.*
};

class AdamW {
 public:
  explicit AdamW(const AdamWSettings& settings);

  // One update of params: [kParamCount] from grads: [kParamCount] at learning rate lr.
  void step(float* params, const float* grads, double lr);

  std::vector<float>& first_moment() { return m_; }
  std::vector<float>& second_moment() { return v_; }
  const std::vector<float>& first_moment() const { return m_; }
  const std::vector<float>& second_moment() const { return v_; }
  std::int64_t steps_taken() const { return t_; }
  void set_steps_taken(std::int64_t t) { t_ = t; }

 private:
  AdamWSettings settings_;
  std::vector<float> m_, v_;
  std::int64_t t_ = 0;
};

enum class ScheduleKind { kCosine, kConstant };
std::string to_string(ScheduleKind s);
Result<ScheduleKind> parse_schedule(std::string_view text);

struct ScheduleSettings {
  double lr = 1e-2;
  std::int64_t warmup = 200;  // linear ramp over the first `warmup` updates
  std::int64_t steps = 9000;
  ScheduleKind kind = ScheduleKind::kCosine;
  double min_lr_frac = 0.1;  // cosine ends at lr · min_lr_frac
};

// Learning rate of the update that turns the weights of `step` into those of step + 1.
double learning_rate(const ScheduleSettings& s, std::int64_t step);

// √(Σ g²) over grads: [n], summed in double in index order.
double global_norm(const float* grads, std::size_t n);
// Scales grads so their global norm is at most max_norm (0 = off), as
// torch.nn.utils.clip_grad_norm_ does. Returns the norm before clipping.
double clip_by_global_norm(float* grads, std::size_t n, double max_norm);

}  // namespace am::train

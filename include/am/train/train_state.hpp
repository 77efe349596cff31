// Everything needed to continue a run exactly where it stopped: weights, Adam's
// moments, the batch generator's state, the step and the smoothed loss. Kept in
// one safetensors file (three tensors plus metadata), written atomically.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "am/core/result.hpp"
#include "am/model/weights.hpp"

namespace am::train {

struct TrainState {
  std::int64_t next_step = 0;  // the step whose batch is drawn next
  bool finished = false;
  Weights weights;             // the weights of next_step
  std::vector<float> adam_m, adam_v;
  std::int64_t adam_t = 0;
  std::uint64_t rng_state = 0;
  double loss_ema = 0.0;         // Σ (1-β) β^k loss, before bias correction
  double loss_ema_weight = 0.0;  // Σ (1-β) β^k, to correct it
  nlohmann::ordered_json recipe;
};

Status save_state(const std::filesystem::path& path, const TrainState& state);
Result<TrainState> load_state(const std::filesystem::path& path);

}  // namespace am::train

#include "am/engine/engine_caches.hpp"

#include "am/engine/nonsense_accuracy.hpp"
#include "am/model/forward.hpp"

namespace am::engine {

std::unique_ptr<CheckpointCache> make_checkpoint_cache(const ModelEngine& engine) {
  return std::make_unique<CheckpointCache>(
      engine.checkpoint_count(), [&engine](std::size_t i, std::span<const int> ids, const HeadMask& p,
                                           const Activations* intact, Activations& out) {
        if (intact)
          am::forward_reusing(*engine.weights(i), ids, p, *intact, HeadMask{}, out);
        else
          am::forward(*engine.weights(i), ids, p, out);
      });
}

std::unique_ptr<AblationCurve> make_ablation_curve(const ModelEngine& engine) {
  return std::make_unique<AblationCurve>(
      engine.checkpoint_count(),
      [&engine](std::size_t i, const HeadMask& p) { return nonsense_accuracy(*engine.weights(i), p); });
}

}  // namespace am::engine

#include "am/ui/engine_caches.hpp"

#include "am/model/forward.hpp"
#include "am/ui/nonsense_accuracy.hpp"

namespace am::ui {

std::unique_ptr<CheckpointCache> make_checkpoint_cache(const ModelEngine& engine) {
  const std::vector<Weights>& checkpoints = engine.checkpoints();
  return std::make_unique<CheckpointCache>(
      checkpoints.size(),
      [&checkpoints](std::size_t i, std::span<const int> ids, const HeadMask& p, Activations& out) {
        am::forward(checkpoints[i], ids, p, out);
      });
}

std::unique_ptr<AblationCurve> make_ablation_curve(const ModelEngine& engine) {
  const std::vector<Weights>& checkpoints = engine.checkpoints();
  return std::make_unique<AblationCurve>(
      checkpoints.size(), [&checkpoints](std::size_t i, const HeadMask& p) { return nonsense_accuracy(checkpoints[i], p); });
}

}  // namespace am::ui

// The background caches bound to one engine's checkpoints: the session and the
// benchmarks build them the same way, so a benchmark times what the app runs.
#pragma once

#include <memory>

#include "am/engine/checkpoint_cache.hpp"
#include "am/engine/model_engine.hpp"

namespace am::engine {

// Every checkpoint's forward pass for the current text. The engine must outlive it.
std::unique_ptr<CheckpointCache> make_checkpoint_cache(const ModelEngine& engine);
// Nonsense accuracy with the pulled heads at every checkpoint. The engine must outlive it.
std::unique_ptr<AblationCurve> make_ablation_curve(const ModelEngine& engine);

}  // namespace am::engine

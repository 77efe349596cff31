// A script's view of one run: the engine's passes, writing and recount behind the
// script interface (Engine, script_runner.hpp). The window, the trainer and the
// screenshots are not the engine's: the app's own port adds them (ui_session.cpp).
#pragma once

#include "am/engine/model_engine.hpp"
#include "am/ui/script_runner.hpp"

namespace am::ui {

class EnginePort : public Engine {
 public:
  explicit EnginePort(engine::ModelEngine& engine) : engine_(&engine) {}
  // The run the script reads from now on (the session switches runs).
  void bind(engine::ModelEngine& engine) { engine_ = &engine; }
  engine::ModelEngine& engine() const { return *engine_; }

  const std::vector<std::int64_t>& checkpoint_steps() const override { return engine_->checkpoint_steps(); }
  Activations forward(std::int64_t step, std::span<const int> ids, const HeadMask& pulled) override;
  Result<Generation> generate(std::int64_t step, std::span<const int> ids, const HeadMask& pulled, int count,
                              const WriteSettings& how) override;
  Status screenshot(const std::filesystem::path& path) override;
  std::optional<double> nonsense_accuracy(std::int64_t step, const HeadMask& pulled) override;
  ChapterContext chapter_context(const AppState& state) override;

 private:
  engine::ModelEngine* engine_;
};

}  // namespace am::ui

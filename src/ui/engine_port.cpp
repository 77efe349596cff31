#include "am/ui/engine_port.hpp"

namespace am::ui {

Activations EnginePort::forward(std::int64_t step, std::span<const int> ids, const HeadMask& pulled) {
  return engine_->forward(step, ids, pulled);
}

Result<Generation> EnginePort::generate(std::int64_t step, std::span<const int> ids, const HeadMask& pulled,
                                        int count, const WriteSettings& how) {
  return engine_->generate(step, ids, pulled, count, how);
}

Status EnginePort::screenshot(const std::filesystem::path&) {
  return fail("screenshots need the window; this run has none");
}

std::optional<double> EnginePort::nonsense_accuracy(std::int64_t step, const HeadMask& pulled) {
  return engine_->nonsense_accuracy(step, pulled);
}

ChapterContext EnginePort::chapter_context(const AppState& state) {
  ChapterContext c;
  c.state = &state;
  c.weights = engine_->weights_at(state.step);
  c.training = &engine_->training();
  c.analysis = engine_->analysis();
  return c;
}

}  // namespace am::ui

// libFuzzer entry: any text as weights/manifest.json, through its one reader
// (am::read_manifest) and both of its consumers (the checkpoint list and the training
// record), then the step searches and the curve builders on whatever they accepted,
// with steps from the extremes of int64.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "am/model/weights_dir.hpp"
#include "am/ui/training_curves.hpp"
#include "fuzz_common.hpp"

namespace {

constexpr const char* kTarget = "fuzz_manifest";
constexpr std::int64_t kProbes[] = {std::numeric_limits<std::int64_t>::min(), -5, 0, 1, 4000,
                                    std::numeric_limits<std::int64_t>::max()};

void fuzz_checkpoint_list(const std::string& text) {
  auto manifest = am::parse_manifest(text, "fuzz");
  if (!manifest) return;
  if (manifest->checkpoints.empty()) am::fuzz::broken(kTarget, "an accepted manifest has no checkpoint");
  for (const auto& c : manifest->checkpoints) {
    if (c.step < 0) am::fuzz::broken(kTarget, "a negative step was accepted");
    if (c.file.empty() || c.file.front() == '/' || c.file.find("..") != std::string::npos)
      am::fuzz::broken(kTarget, "a file outside the folder was accepted");
  }
  for (const std::int64_t step : kProbes) {
    const auto& near = manifest->nearest(step);
    for (const auto& c : manifest->checkpoints)
      if (am::step_distance(c.step, step) < am::step_distance(near.step, step))
        am::fuzz::broken(kTarget, "nearest() missed a closer checkpoint");
  }
}

void fuzz_training_record(std::string_view text) {
  auto record = am::parse_training_record(text);
  if (!record) return;
  if (record->checkpoints.size() != am::read_manifest(text).checkpoints.size())
    am::fuzz::broken(kTarget, "the training record lost or gained a checkpoint");
  for (const std::int64_t step : kProbes) {
    (void)record->nearest_step(step);
    (void)record->at_step(step);
    (void)am::ui::training_track(*record, step);
  }
  if (auto phase = am::find_phase_change(*record, am::PhaseThresholds{})) {
    const auto [from, to] = am::bump_window(*phase);
    if (to < from) am::fuzz::broken(kTarget, "the bump window ends before it starts");
    (void)am::find_loss_bump(*record, from, to);
  }
  (void)record->has_accuracy();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  fuzz_checkpoint_list(text);
  fuzz_training_record(text);
  return 0;
}

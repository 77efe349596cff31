// The one "nearest checkpoint" rule, for every list of checkpoints (the manifest's, the
// training record's, the engine's loaded ones, the steps a script or a view asks for):
// the checkpoint whose step is closest to the one asked for; on a tie, the earlier.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace am {

// |a - b| without overflow, whatever the two steps (a script may ask for any int64).
inline std::uint64_t step_distance(std::int64_t a, std::int64_t b) {
  return a >= b ? static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b)
                : static_cast<std::uint64_t>(b) - static_cast<std::uint64_t>(a);
}

// Over items 0..count-1 in step order: step_at(i) is item i's step, usable(i) whether it
// may be chosen. nullopt when none is usable.
template <class StepAt, class Usable>
std::optional<std::size_t> nearest_index(std::size_t count, std::int64_t step, StepAt step_at,
                                         Usable usable) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < count; ++i)
    if (usable(i) && (!best || step_distance(step_at(i), step) < step_distance(step_at(*best), step)))
      best = i;
  return best;
}

template <class StepAt>
std::optional<std::size_t> nearest_index(std::size_t count, std::int64_t step, StepAt step_at) {
  return nearest_index(count, step, step_at, [](std::size_t) { return true; });
}

// The step of `steps` nearest `step` (steps must not be empty).
inline std::int64_t nearest_step(const std::vector<std::int64_t>& steps, std::int64_t step) {
  return steps[*nearest_index(steps.size(), step, [&](std::size_t i) { return steps[i]; })];
}

}  // namespace am

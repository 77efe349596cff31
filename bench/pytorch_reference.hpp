// Times the independent PyTorch reference (tools/reference.py --bench) in a child
// process, so a benchmark can print our time beside PyTorch's from the same run.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace am::bench {

// Debian's interpreter, which has torch and numpy (the `python3` on PATH may not).
inline constexpr const char* kTorchPython = "/usr/bin/python3";

struct ReferenceTiming {
  double wall_us = 0.0;  // median wall-clock µs of one forward
  double cpu_us = 0.0;   // median CPU µs of one forward (this thread's)
};

// Runs `python3 tools/reference.py --weights FILE --bench --ids ...` once and returns its
// medians for a forward of `ids` on one thread; nullopt (with `error` set) if it failed.
std::optional<ReferenceTiming> pytorch_forward_us(const std::filesystem::path& weights,
                                                  const std::vector<int>& ids, std::string& error);

}  // namespace am::bench

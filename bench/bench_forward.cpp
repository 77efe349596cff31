// Times am::forward on 64 characters (one checkpoint, Activations reused) and, in the
// same run, the PyTorch reference's forward of 64 characters; prints both and the ratio.
// Usage: bench_forward [--weights=FILE] [--simd=baseline|avx2|avx512] [--no-reference]
//                      [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "am/model/forward.hpp"
#include "am/model/cpu_features.hpp"
#include "am/model/kernels.hpp"
#include "am/model/normalizer.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/runs_index.hpp"
#include "am/model/weights_dir.hpp"
#include "pytorch_reference.hpp"

namespace {

constexpr double kTargetUs = 50.0;      // issue 2: median <= 50 µs on one core
constexpr double kTargetSpeedup = 20.0; // and >= 20x faster than PyTorch in the same run

struct Input {
  am::Weights weights;
  std::vector<int> ids;  // exactly kContext characters
};
const Input* g_input = nullptr;

void BM_Forward64(benchmark::State& state) {
  am::Activations acts(am::kContext);
  const am::HeadMask none;
  for (auto _ : state) {
    am::forward(g_input->weights, g_input->ids, none, acts);
    benchmark::DoNotOptimize(acts.probs);
    benchmark::ClobberMemory();
  }
}
// Short repetitions (20 forwards, about a millisecond, like one PyTorch forward) and
// their median: on a shared machine a repetition that was descheduled is an outlier
// the median ignores, rather than noise spread over every long repetition.
BENCHMARK(BM_Forward64)
    ->Unit(benchmark::kMicrosecond)
    ->Iterations(20)
    ->Repetitions(501)
    ->ComputeStatistics("min", [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); })
    ->ReportAggregatesOnly(true);

// Prints as usual and keeps the medians of BM_Forward64 for the comparison.
class MedianCapture : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_name.function_name != "BM_Forward64") continue;
      if (run.aggregate_name == "median") {
        wall_us = run.GetAdjustedRealTime();  // in the benchmark's unit: µs
        cpu_us = run.GetAdjustedCPUTime();
      } else if (run.aggregate_name == "min") {
        best_cpu_us = run.GetAdjustedCPUTime();
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
  double wall_us = 0.0;
  double cpu_us = 0.0;
  double best_cpu_us = 0.0;  // the fastest repetition: the machine's speed with no one else on it
};

// The explicit --weights=FILE, else the manifest's final checkpoint.
am::Result<std::filesystem::path> choose_weights(const std::optional<std::filesystem::path>& file) {
  if (file) return *file;
  auto root = am::find_weights_dir(std::nullopt);
  if (!root) return am::fail(root.error());
  auto dir = am::run_dir(*root);  // the first run of a folder of runs
  if (!dir) return am::fail(dir.error());
  auto manifest = am::load_manifest(*dir);
  if (!manifest) return am::fail(manifest.error());
  return *dir / manifest->final_checkpoint().file;
}

}  // namespace

int main(int argc, char** argv) {
  std::optional<std::filesystem::path> weights_flag;
  bool run_reference = true;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a.starts_with("--weights=")) {
      weights_flag = std::filesystem::path(a.substr(10));
    } else if (a == "--no-reference") {
      run_reference = false;
    } else if (a == "--simd=baseline") {
      am::set_simd_level(am::SimdLevel::kBaseline);
    } else if (a == "--simd=avx2") {
      am::set_simd_level(am::SimdLevel::kAvx2);
    } else if (a == "--simd=avx512") {
      am::set_simd_level(am::SimdLevel::kAvx512);
    } else {
      rest.push_back(argv[i]);
    }
  }
  int rest_count = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_count, rest.data());
  if (benchmark::ReportUnrecognizedArguments(rest_count, rest.data())) return 1;

  const auto path = choose_weights(weights_flag);
  if (!path) {
    std::fprintf(stderr, "bench_forward: %s\n", path.error().c_str());
    return 1;
  }
  auto weights = am::load_weights(*path);
  if (!weights) {
    std::fprintf(stderr, "bench_forward: %s\n", weights.error().c_str());
    return 1;
  }
  Input input{std::move(*weights), {}};
  input.ids = am::normalize("the quick brown fox jumps over the lazy dog, and then it sleeps.").ids;
  input.ids.resize(am::kContext, 0);
  g_input = &input;
  std::printf("weights: %s\n", path->string().c_str());

  MedianCapture reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  if (reporter.wall_us <= 0.0) return 0;  // filtered out by --benchmark_filter

  std::printf("\nforward of 64 characters, one thread, %s kernels (median µs per forward)\n",
              am::to_string(am::simd_level()));
  std::printf("                      wall-clock      CPU\n");
  std::printf("  attention-machine   %9.2f %9.2f   (fastest repetition: %.2f CPU)\n", reporter.wall_us,
              reporter.cpu_us, reporter.best_cpu_us);
  if (!run_reference) return 0;
  std::string error;
  const auto torch = am::bench::pytorch_forward_us(*path, input.ids, error);
  if (!torch) {
    std::fprintf(stderr, "bench_forward: the PyTorch reference did not run: %s\n", error.c_str());
    return 1;
  }
  const double wall_ratio = torch->wall_us / reporter.wall_us;
  const double cpu_ratio = torch->cpu_us / reporter.cpu_us;
  std::printf("  PyTorch reference   %9.2f %9.2f\n", torch->wall_us, torch->cpu_us);
  std::printf("  speed-up            %8.1fx %8.1fx\n", wall_ratio, cpu_ratio);
  const auto verdict = [](bool met) { return met ? "met" : "MISSED"; };
  std::printf("targets: median <= %.0f µs: %s (wall), %s (CPU); >= %.0fx PyTorch: %s (wall), %s (CPU)\n",
              kTargetUs, verdict(reporter.wall_us <= kTargetUs), verdict(reporter.cpu_us <= kTargetUs),
              kTargetSpeedup, verdict(wall_ratio >= kTargetSpeedup), verdict(cpu_ratio >= kTargetSpeedup));
  return 0;
}

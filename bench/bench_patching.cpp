// Times the whole patching map (every head × position and every layer × position, one
// site at a time) and one attribution, on the repeated run's final checkpoint, for the
// issue's text (17 characters) and for a full window of 64. Issue 22: the map must fit in
// one frame (16.7 ms) on a warm cache.
// Usage: bench_patching [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "am/analysis/attribution.hpp"
#include "am/analysis/patching.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/safetensors.hpp"

namespace {

const am::Weights* g_weights = nullptr;

std::vector<int> text_of_length(int length) {
  const std::string base = "qzxv kplw qzxv kp";
  if (length == static_cast<int>(base.size())) return am::encode(base);
  std::string text;
  while (static_cast<int>(text.size()) < length) text += "the cat sat on the mat. ";
  return am::encode(text.substr(0, static_cast<std::size_t>(length)));
}

void BM_PatchingMap(benchmark::State& state) {
  const std::vector<int> clean = text_of_length(static_cast<int>(state.range(0)));
  const auto corrupted = am::analysis::suggest_corruption(clean);
  const auto runs = am::analysis::patching_runs(*g_weights, clean, *corrupted, {});
  for (auto _ : state) {
    const auto map = am::analysis::patching_map(*g_weights, {}, *runs);
    benchmark::DoNotOptimize(map.heads[0].data());
  }
}
BENCHMARK(BM_PatchingMap)
    ->Arg(17)
    ->Arg(64)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(15)
    ->ReportAggregatesOnly(true);

void BM_Attribution(benchmark::State& state) {
  const std::vector<int> ids = text_of_length(static_cast<int>(state.range(0)));
  const am::Activations acts = am::forward(*g_weights, ids);
  const int top = am::analysis::favourite(acts, acts.length() - 1);
  for (auto _ : state) {
    const auto a = am::analysis::attribute(*g_weights, acts, {}, top);
    benchmark::DoNotOptimize(a.parts.data());
  }
}
BENCHMARK(BM_Attribution)
    ->Arg(17)
    ->Arg(64)
    ->Unit(benchmark::kMicrosecond)
    ->Repetitions(15)
    ->ReportAggregatesOnly(true);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  const auto path = std::filesystem::path(AM_SOURCE_DIR) / "weights" / "repeated" / "step_009000.safetensors";
  auto weights = am::load_weights(path);
  if (!weights) {
    std::fprintf(stderr, "bench_patching: %s\n", weights.error().c_str());
    return 1;
  }
  g_weights = &*weights;
  std::printf("weights: %s\n", path.string().c_str());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

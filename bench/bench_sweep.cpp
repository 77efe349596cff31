// Times the keystroke sweep: after the text changes, how long until the background
// cache holds the forward pass of every checkpoint of the shipped run for the new text
// (CheckpointCache::request() -> wait_idle()). Issue 9's target: <= 50 ms for 64
// characters. Wall time (the sweep runs on the cache's threads); quote the median.
// Usage: bench_sweep [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "am/model/config.hpp"
#include "am/model/normalizer.hpp"
#include "am/model/weights_dir.hpp"
#include "am/ui/model_engine.hpp"
#include "am/ui/engine_caches.hpp"

namespace {

std::unique_ptr<am::ui::ModelEngine> g_engine;

// Two different 64-character texts, so that every request is new work.
std::vector<int> text_ids(int variant) {
  std::string text = variant ? "the quick brown fox jumps over the lazy dog, and then it sleeps."
                             : "an old man sat by the fire, telling the same story once again..";
  std::vector<int> ids = am::normalize(text).ids;
  ids.resize(am::kContext, 0);
  return ids;
}

void sweep(benchmark::State& state, bool pull_a_head) {
  auto cache = am::ui::make_checkpoint_cache(*g_engine);
  am::HeadMask pulled;
  if (pull_a_head) pulled.pulled[1][2] = true;
  const std::vector<int> texts[2] = {text_ids(0), text_ids(1)};
  int variant = 0;
  cache->request(texts[variant], pulled, cache->size() - 1);  // warm up: threads, allocations
  cache->wait_idle();
  for (auto _ : state) {
    variant ^= 1;
    cache->request(texts[variant], pulled, cache->size() - 1);
    cache->wait_idle();
  }
  if (cache->ready() != cache->size()) state.SkipWithError("the sweep left checkpoints out");
  state.counters["checkpoints"] = static_cast<double>(cache->size());
}

void BM_KeystrokeSweep(benchmark::State& state) { sweep(state, false); }
void BM_KeystrokeSweepOneHeadPulled(benchmark::State& state) { sweep(state, true); }

BENCHMARK(BM_KeystrokeSweep)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(5)
    ->Repetitions(21)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_KeystrokeSweepOneHeadPulled)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(5)
    ->Repetitions(21)
    ->ReportAggregatesOnly(true);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  auto root = am::find_weights_dir(std::nullopt);
  if (!root) {
    std::fprintf(stderr, "bench_sweep: %s\n", root.error().c_str());
    return 1;
  }
  const auto load_start = std::chrono::steady_clock::now();
  auto engine = am::ui::ModelEngine::load(*root);  // the shipped run: the first of runs.json
  const double load_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - load_start).count();
  if (!engine) {
    std::fprintf(stderr, "bench_sweep: %s\n", engine.error().c_str());
    return 1;
  }
  g_engine = std::move(*engine);
  std::printf("shipped run: %zu checkpoints (loaded in %.0f ms), 64 characters; target <= 50 ms (issue 9)\n",
              g_engine->checkpoint_count(), load_ms);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  g_engine.reset();
  return 0;
}

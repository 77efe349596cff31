// Times one training step of attention-train (a batch of 48 windows of 64
// characters: forward, backward, clipping, AdamW) on 1 and 2 threads and, in the
// same run, the PyTorch reference's step on a batch of the same size (one thread,
// tools/grad_check.py --bench); prints ms/step, characters/s and the ratio.
// Usage: bench_train [--corpus=DIR] [--batch=N] [--no-reference] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "am/train/batch_gradient.hpp"
#include "am/train/batcher.hpp"
#include "am/train/corpus.hpp"
#include "am/train/init.hpp"
#include "am/train/optimizer.hpp"

namespace {

using namespace am;
using namespace am::train;

constexpr double kTargetSpeedup = 5.0;  // issue 3: a step >= 5x faster than PyTorch's

struct Input {
  std::vector<int> windows;  // [batch, 65]
  int batch = 48;
};
const Input* g_input = nullptr;

// One full step, as the trainer runs it. Arg: threads.
void BM_TrainStep(benchmark::State& state) {
  BatchGradient engine(static_cast<int>(state.range(0)));
  Weights weights = initial_weights({});
  AdamW adam(AdamWSettings{});
  PreparedParams<float> prepared;
  std::vector<float> grads(kParamCount);
  for (auto _ : state) {
    prepared.prepare(weights.values.data());
    const double loss = engine.loss_and_gradient(prepared, g_input->windows, grads.data());
    clip_by_global_norm(grads.data(), grads.size(), 1.0);
    adam.step(weights.values.data(), grads.data(), 1e-3);
    benchmark::DoNotOptimize(loss);
  }
  state.counters["chars/s"] = benchmark::Counter(static_cast<double>(g_input->batch) * kContext,
                                                 benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_TrainStep)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(5)
    ->Repetitions(15)
    ->ReportAggregatesOnly(true);

// Prints as usual and keeps each benchmark's median wall time (ms).
class MedianCapture : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs)
      if (run.aggregate_name == "median") median_ms[run.run_name.args] = run.GetAdjustedRealTime();
    ConsoleReporter::ReportRuns(runs);
  }
  std::map<std::string, double> median_ms;  // by argument ("1", "2")
};

// Runs the reference's training-step timing in a child process; false (with `error`) on failure.
bool pytorch_step_ms(int batch, double& ms, std::string& error) {
  const std::filesystem::path script = std::filesystem::path(AM_SOURCE_DIR) / "tools" / "grad_check.py";
  const std::string command = "/usr/bin/python3 '" + script.string() + "' --bench --batch " + std::to_string(batch) + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) {
    error = "could not start " + command;
    return false;
  }
  std::string output;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
  const int status = pclose(pipe);
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string key;
    if (words >> key >> ms && key == "reference_train_step_ms" && ms > 0.0) return true;
  }
  error = command + " failed (status " + std::to_string(status) + "):\n" + output;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path corpus_dir = AM_DEFAULT_CORPUS_DIR;
  int batch = 48;
  bool run_reference = true;
  std::vector<char*> rest = {argv[0]};
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("--corpus=")) {
      corpus_dir = std::string(arg.substr(9));
    } else if (arg.starts_with("--batch=")) {
      batch = std::max(1, std::atoi(std::string(arg.substr(8)).c_str()));
    } else if (arg == "--no-reference") {
      run_reference = false;
    } else {
      rest.push_back(argv[i]);
    }
  }
  auto corpus = load_corpus(corpus_dir);
  if (!corpus) {  // fall back on the test fixture so the benchmark runs anywhere in the checkout
    std::fprintf(stderr, "bench_train: %s; using the test fixture text instead\n", corpus.error().c_str());
    corpus = load_corpus(std::filesystem::path(AM_SOURCE_DIR) / "tests" / "train" / "fixtures" / "small_text");
    if (!corpus) {
      std::fprintf(stderr, "bench_train: %s\n", corpus.error().c_str());
      return 1;
    }
  }
  auto batcher = Batcher::create(*corpus, {batch, 0.5, 4, 32});
  if (!batcher) {
    std::fprintf(stderr, "bench_train: %s\n", batcher.error().c_str());
    return 1;
  }
  Input input;
  input.batch = batch;
  Rng rng(0);
  batcher->sample(rng, input.windows);
  g_input = &input;

  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  MedianCapture reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();

  const double chars = static_cast<double>(batch) * kContext;
  std::printf("\nattention-train step, batch %d x %d (median wall time):\n", batch, kContext);
  for (const auto& [threads, ms] : reporter.median_ms)
    std::printf("  %s thread(s): %7.2f ms/step  %8.0f chars/s  (9,000 steps: %.0f s)\n", threads.c_str(), ms,
                chars / (ms / 1e3), 9000 * ms / 1e3);
  if (!run_reference) return 0;
  double torch_ms = 0.0;
  std::string error;
  if (!pytorch_step_ms(batch, torch_ms, error)) {
    std::printf("PyTorch reference: not measured (%s)\n", error.c_str());
    return 0;
  }
  std::printf("  PyTorch reference (1 thread, same batch size): %7.2f ms/step  %8.0f chars/s\n", torch_ms,
              chars / (torch_ms / 1e3));
  for (const auto& [threads, ms] : reporter.median_ms)
    std::printf("  speed-up with %s thread(s): %.1fx %s\n", threads.c_str(), torch_ms / ms,
                torch_ms / ms >= kTargetSpeedup ? "(meets >= 5x)" : "(below the 5x target)");
  return 0;
}

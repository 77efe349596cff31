// bench_grow: the shipped recipe's whole run through the in-app training controller, with
// no window: 2 threads (the run thread and one pool thread), the nonsense accuracy of each
// checkpoint measured as it arrives, then the analysis. Reports the wall and processor
// time, whether the final checkpoint is the shipped file byte for byte, and how long the
// UI thread's progress() read takes (sampled every millisecond). A benchmark, run by hand:
//   build/bench_grow [--steps N] [--keep DIR]
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <unistd.h>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "am/grow/controller.hpp"
#include "am/model/runs_index.hpp"
#include "am/train/checkpoints.hpp"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  std::string steps;
  fs::path keep;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--steps") == 0) steps = argv[i + 1];
    else if (std::strcmp(argv[i], "--keep") == 0) keep = argv[i + 1];
  }
  const fs::path shipped = AM_SOURCE_WEIGHTS_DIR;
  std::map<std::string, std::string> overrides;
  if (!steps.empty()) overrides["steps"] = steps;
  auto recipe = am::grow::preset_recipe(am::grow::Preset::kShipped, shipped, overrides);
  if (!recipe) {
    std::fprintf(stderr, "bench_grow: %s\n", recipe.error().c_str());
    return 1;
  }
  const fs::path root = keep.empty() ? fs::temp_directory_path() / ("bench_grow_" + std::to_string(::getpid())) : keep;
  fs::remove_all(root);
  am::grow::ControllerOptions options;
  options.runs_root = root;
  options.shipped_dir = shipped;
  options.threads = 2;
  am::grow::TrainingController controller(options);
  am::grow::NewRun run;
  run.name = "bench";
  run.recipe = *recipe;

  const auto t0 = Clock::now();
  const double cpu0 = cpu_seconds();
  if (auto ok = controller.start(run); !ok) {
    std::fprintf(stderr, "bench_grow: %s\n", ok.error().c_str());
    return 1;
  }
  std::vector<double> read_us;
  double training_s = 0.0;
  am::grow::TrainingProgress p;
  bool analysing_seen = false;
  while (controller.active()) {
    const auto r0 = Clock::now();
    p = controller.progress();
    read_us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - r0).count());
    if (p.phase == am::grow::Phase::kAnalysing && !analysing_seen) {
      analysing_seen = true;
      training_s = std::chrono::duration<double>(Clock::now() - t0).count();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  controller.wait();
  const double wall_s = std::chrono::duration<double>(Clock::now() - t0).count();
  const double cpu_s = cpu_seconds() - cpu0;
  p = controller.progress();
  if (!analysing_seen) training_s = wall_s;

  const std::string final_name = am::train::checkpoint_file_name(recipe->steps);
  const auto shipped_run = am::run_dir(shipped);
  const bool same = shipped_run && read_file(root / "bench" / final_name) == read_file(*shipped_run / final_name);
  std::printf("bench_grow: %lld steps, phase %s\n", static_cast<long long>(recipe->steps), am::grow::phase_name(p.phase));
  std::printf("  training (with per-checkpoint measuring): %.1f s wall\n", training_s);
  std::printf("  analysis afterwards: %.1f s wall\n", wall_s - training_s);
  std::printf("  total: %.1f s wall, %.1f s processor time\n", wall_s, cpu_s);
  std::printf("  characters/s at the end: %.0f\n", p.chars_per_second);
  std::printf("  checkpoints: %zu written, %zu measured\n", p.checkpoints, p.measured);
  std::printf("  %s byte-identical to the shipped file: %s\n", final_name.c_str(), same ? "yes" : "NO");
  std::printf("  progress() read from this thread: median %.1f us, p99 %.1f us, max %.1f us (%zu reads)\n",
              percentile(read_us, 0.5), percentile(read_us, 0.99), percentile(read_us, 1.0), read_us.size());
  double load[3] = {0, 0, 0};
  if (getloadavg(load, 3) == 3) std::printf("  load average now: %.1f %.1f %.1f\n", load[0], load[1], load[2]);
  if (!p.message.empty()) std::printf("  message: %s\n", p.message.c_str());
  if (keep.empty()) fs::remove_all(root);
  return p.phase == am::grow::Phase::kFinished ? 0 : 1;
}

#include "am/analysis/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace am::analysis {

void parallel_for(int count, int threads, const std::function<void(int, int)>& work) {
  if (count <= 0) return;
  threads = std::clamp(threads, 1, count);
  std::atomic<int> next{0};
  const auto worker = [&](int id) {
    for (int i = next.fetch_add(1); i < count; i = next.fetch_add(1)) work(i, id);
  };
  std::vector<std::jthread> helpers;
  helpers.reserve(static_cast<std::size_t>(threads - 1));
  for (int id = 1; id < threads; ++id) helpers.emplace_back(worker, id);
  worker(0);
}  // jthreads join here

int resolve_threads(int requested) {
  const int hardware = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  if (requested <= 0) return hardware;
  return std::min(requested, hardware);
}

}  // namespace am::analysis

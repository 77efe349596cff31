// A fixed set of threads that run numbered jobs. Job j always goes to thread
// j mod n, and callers give every job its own output, so results never depend
// on timing.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace am::train {

class WorkerPool {
 public:
  // threads >= 1; the calling thread is thread 0, so threads - 1 are started.
  explicit WorkerPool(int threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Runs fn(job, thread) for every job in [0, jobs) and returns when all are done.
  void run(int jobs, const std::function<void(int job, int thread)>& fn);
  int size() const { return size_; }

 private:
  void work(int thread);
  void run_share(int thread);

  int size_;
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  const std::function<void(int, int)>* task_ = nullptr;
  int jobs_ = 0;
  int busy_ = 0;
  std::uint64_t generation_ = 0;
  bool stopping_ = false;
};

}  // namespace am::train

#include "am/train/worker_pool.hpp"

#include <algorithm>

namespace am::train {

WorkerPool::WorkerPool(int threads) : size_(std::max(1, threads)) {
  for (int t = 1; t < size_; ++t) threads_.emplace_back([this, t] { work(t); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (auto& t : threads_) t.join();
}

void WorkerPool::run_share(int thread) {
  for (int job = thread; job < jobs_; job += size_) (*task_)(job, thread);
}

void WorkerPool::run(int jobs, const std::function<void(int, int)>& fn) {
  if (size_ == 1) {
    for (int job = 0; job < jobs; ++job) fn(job, 0);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task_ = &fn;
    jobs_ = jobs;
    busy_ = size_ - 1;
    ++generation_;
  }
  start_.notify_all();
  run_share(0);
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return busy_ == 0; });
  task_ = nullptr;
}

void WorkerPool::work(int thread) {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    run_share(thread);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      --busy_;
    }
    done_.notify_one();
  }
}

}  // namespace am::train

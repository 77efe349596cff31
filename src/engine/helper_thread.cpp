#include "am/engine/helper_thread.hpp"

#include "am/engine/background_loop.hpp"

namespace am::engine {

HelperThread::HelperThread(bool lowered_priority)
    : lowered_(lowered_priority), thread_([this](std::stop_token stop) { loop(stop); }) {}

HelperThread::~HelperThread() {
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
}

void HelperThread::run_alongside(const std::function<void()>& job, const std::function<void()>& own_share) {
  {
    std::lock_guard lock(mutex_);
    job_ = &job;
    finished_ = false;
  }
  wake_.notify_one();
  own_share();
  std::unique_lock lock(mutex_);
  done_.wait(lock, [&] { return finished_; });
  job_ = nullptr;
}

void HelperThread::loop(std::stop_token stop) {
  if (lowered_) lower_this_threads_priority();
  std::unique_lock lock(mutex_);
  for (;;) {
    // A run already handed over is always finished, even while stopping: the caller
    // waits for it.
    wake_.wait(lock, stop, [&] { return !finished_; });
    if (finished_) return;  // stop requested with nothing to do
    const std::function<void()>* job = job_;
    lock.unlock();
    (*job)();
    lock.lock();
    finished_ = true;
    done_.notify_all();
  }
}

}  // namespace am::engine

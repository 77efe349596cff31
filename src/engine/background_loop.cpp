#include "am/engine/background_loop.hpp"

#include <sys/resource.h>
#include <unistd.h>

namespace am::engine {

BackgroundLoop::BackgroundLoop(Job job)
    : job_(std::move(job)), thread_([this](std::stop_token stop) { run(stop); }) {}

BackgroundLoop::~BackgroundLoop() {
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
}

std::uint64_t BackgroundLoop::post() {
  std::uint64_t generation = 0;
  {
    std::lock_guard lock(mutex_);
    generation = ++posted_;
  }
  wake_.notify_all();
  return generation;
}

std::uint64_t BackgroundLoop::generation() const {
  std::lock_guard lock(mutex_);
  return posted_;
}

bool BackgroundLoop::idle() const {
  std::lock_guard lock(mutex_);
  return finished_ == posted_;
}

void BackgroundLoop::wait_idle() {
  std::unique_lock lock(mutex_);
  done_.wait(lock, [&] { return finished_ == posted_; });
}

void lower_this_threads_priority() {
  // Linux gives each thread its own nice value: background sweeps then yield to the
  // frame (and to llvmpipe's rasteriser threads), so dragging stays smooth while they run.
  (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
}

void BackgroundLoop::run(std::stop_token stop) {
  lower_this_threads_priority();
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, stop, [&] { return posted_ != finished_; });
    if (stop.stop_requested()) return;
    const std::uint64_t generation = posted_;
    lock.unlock();
    const StillCurrent still_current = [&] {
      if (stop.stop_requested()) return false;
      std::lock_guard check(mutex_);
      return posted_ == generation;
    };
    job_(generation, still_current);
    lock.lock();
    if (stop.stop_requested()) return;
    // A newer post during the job leaves finished_ behind, so the loop runs again.
    if (posted_ == generation) {
      finished_ = generation;
      done_.notify_all();
    }
  }
}

}  // namespace am::engine

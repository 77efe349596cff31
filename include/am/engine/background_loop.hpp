// One worker thread that redoes a job whenever new work is posted. The job sees a
// generation number and a "still current" test so it can give up as soon as newer
// work arrives: the latest request always wins and nothing waits for stale work.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace am::engine {

// Lowers the calling thread's scheduling priority (nice 10): for helpers of a job.
void lower_this_threads_priority();

class BackgroundLoop {
 public:
  using StillCurrent = std::function<bool()>;
  using Job = std::function<void(std::uint64_t generation, const StillCurrent& still_current)>;

  explicit BackgroundLoop(Job job);
  ~BackgroundLoop();  // asks the job to stop and joins
  BackgroundLoop(const BackgroundLoop&) = delete;
  BackgroundLoop& operator=(const BackgroundLoop&) = delete;

  // Starts a new generation of work (the running one is told to give up).
  std::uint64_t post();
  std::uint64_t generation() const;
  // Blocks until the latest generation has been worked through.
  void wait_idle();
  bool idle() const;

 private:
  void run(std::stop_token stop);
  Job job_;
  mutable std::mutex mutex_;
  std::condition_variable_any wake_;
  std::condition_variable_any done_;
  std::uint64_t posted_ = 0;
  std::uint64_t finished_ = 0;
  std::jthread thread_;  // last: starts after the members above exist, stops first
};

}  // namespace am::engine

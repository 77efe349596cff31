// A second thread for a job that splits its work in two: started once and reused, so
// each run costs a wake-up, not a thread start. The thread runs at lowered priority
// when asked (as background sweeps do, to yield to the frame).
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace am::engine {

class HelperThread {
 public:
  explicit HelperThread(bool lowered_priority);
  ~HelperThread();  // joins (a running job is finished first)
  HelperThread(const HelperThread&) = delete;
  HelperThread& operator=(const HelperThread&) = delete;

  // Runs `job` on the helper while the caller does its own share, then waits for the
  // helper: `job` may use the caller's locals. One run at a time (from one thread).
  void run_alongside(const std::function<void()>& job, const std::function<void()>& own_share);

 private:
  void loop(std::stop_token stop);
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::condition_variable_any done_;
  const std::function<void()>* job_ = nullptr;  // set while a run is in progress
  bool finished_ = true;
  bool lowered_;
  std::jthread thread_;  // last: starts after the members above exist
};

}  // namespace am::engine

// SIGINT and SIGTERM end the app the way closing the window does: the handler only sets a
// flag and writes a byte to a pipe (all it may safely do); a watcher thread reads the pipe
// and wakes the GLFW loop, which then leaves, saves the settings and layout, and exits 0.
#pragma once

#include <atomic>
#include <functional>
#include <thread>

namespace am::app {

class QuitSignals {
 public:
  // Installs the handlers and starts the watcher; `wake` runs on the watcher thread
  // (glfwPostEmptyEvent may be called from any thread).
  explicit QuitSignals(std::function<void()> wake);
  ~QuitSignals();  // restores the previous handlers and joins the watcher
  QuitSignals(const QuitSignals&) = delete;
  QuitSignals& operator=(const QuitSignals&) = delete;

  bool requested() const;  // a quit signal has arrived
  int signal() const;      // which one (0: none)

 private:
  std::function<void()> wake_;
  std::atomic<bool> stopping_{false};
  std::thread watcher_;
  bool installed_ = false;
};

}  // namespace am::app

#include "quit_signals.hpp"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace am::app {
namespace {

std::atomic<int> g_signal{0};
std::atomic<int> g_write_fd{-1};
int g_read_fd = -1;
struct sigaction g_old_int {}, g_old_term {};

extern "C" void on_quit_signal(int sig) {
  g_signal.store(sig);
  const int fd = g_write_fd.load();
  if (fd >= 0) {
    const char byte = 1;
    const ssize_t written = ::write(fd, &byte, 1);  // async-signal-safe; a full pipe is fine
    (void)written;
  }
}

}  // namespace

QuitSignals::QuitSignals(std::function<void()> wake) : wake_(std::move(wake)) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return;  // no pipe: signals keep their default action
  g_read_fd = fds[0];
  g_write_fd.store(fds[1]);
  g_signal.store(0);
  watcher_ = std::thread([this] {
    char byte = 0;
    while (::read(g_read_fd, &byte, 1) == 1 || errno == EINTR) {
      if (stopping_.load()) return;
      if (g_signal.load() != 0 && wake_) wake_();
    }
  });
  struct sigaction action {};
  action.sa_handler = on_quit_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, &g_old_int);
  sigaction(SIGTERM, &action, &g_old_term);
  installed_ = true;
}

QuitSignals::~QuitSignals() {
  if (!installed_) return;
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
  stopping_.store(true);
  const int fd = g_write_fd.exchange(-1);
  const char byte = 0;
  const ssize_t written = ::write(fd, &byte, 1);
  (void)written;
  watcher_.join();
  ::close(fd);
  ::close(g_read_fd);
  g_read_fd = -1;
}

bool QuitSignals::requested() const { return g_signal.load() != 0; }
int QuitSignals::signal() const { return g_signal.load(); }

}  // namespace am::app

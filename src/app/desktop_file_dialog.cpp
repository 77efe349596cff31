#include "desktop_file_dialog.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <vector>

extern char** environ;

namespace am::app {
namespace {

std::optional<std::string> on_path(std::string_view program) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return std::nullopt;
  std::string_view dirs(path);
  while (!dirs.empty()) {
    const auto colon = dirs.find(':');
    const std::filesystem::path candidate = std::filesystem::path(dirs.substr(0, colon)) / program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    dirs = colon == std::string_view::npos ? std::string_view{} : dirs.substr(colon + 1);
  }
  return std::nullopt;
}

std::vector<std::string> dialog_command(bool save, const std::string& title, const std::string& suggested) {
  if (const char* choice = std::getenv("AM_FILE_DIALOG");
      choice != nullptr && std::string_view(choice) == "none")
    return {};
  if (auto zenity = on_path("zenity")) {
    std::vector<std::string> cmd = {*zenity, "--file-selection", "--title=" + title,
                                    "--filename=" + suggested};
    if (save) {
      cmd.push_back("--save");
      cmd.push_back("--confirm-overwrite");
    }
    return cmd;
  }
  if (auto kdialog = on_path("kdialog"))
    return {*kdialog, "--title", title, save ? "--getsavefilename" : "--getopenfilename", suggested};
  return {};
}

}  // namespace

std::unique_ptr<DesktopFileDialog> DesktopFileDialog::start(bool save, const std::string& title,
                                                            const std::string& suggested) {
  const std::vector<std::string> cmd = dialog_command(save, title, suggested);
  if (cmd.empty()) return nullptr;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return nullptr;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  std::vector<char*> argv;
  for (const std::string& a : cmd) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (rc != 0) {
    ::close(fds[0]);
    return nullptr;
  }
  ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
  std::unique_ptr<DesktopFileDialog> d(new DesktopFileDialog());
  d->pid_ = pid;
  d->fd_ = fds[0];
  return d;
}

std::optional<std::string> DesktopFileDialog::poll() {
  if (pid_ < 0) return std::string();
  char buffer[4096];
  for (ssize_t n; (n = ::read(fd_, buffer, sizeof buffer)) > 0;)
    out_.append(buffer, static_cast<std::size_t>(n));
  int status = 0;
  const pid_t done = ::waitpid(pid_, &status, WNOHANG);
  if (done == 0) return std::nullopt;  // still open
  for (ssize_t n; (n = ::read(fd_, buffer, sizeof buffer)) > 0;)
    out_.append(buffer, static_cast<std::size_t>(n));
  pid_ = -1;
  ::close(fd_);
  fd_ = -1;
  while (!out_.empty() && (out_.back() == '\n' || out_.back() == '\r')) out_.pop_back();
  const bool chosen = done > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  return chosen ? out_ : std::string();
}

DesktopFileDialog::~DesktopFileDialog() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace am::app

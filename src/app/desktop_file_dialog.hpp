// The desktop's own file dialog (zenity or kdialog), run as a child process so the frame
// loop goes on while it is open; poll() each frame. AM_FILE_DIALOG=none (or neither
// program installed) leaves it to the app's own path box.
#pragma once

#include <sys/types.h>
#include <memory>
#include <optional>
#include <string>

namespace am::app {

class DesktopFileDialog {
 public:
  // nullptr when no desktop dialog can be started.
  static std::unique_ptr<DesktopFileDialog> start(bool save, const std::string& title,
                                                  const std::string& suggested);
  ~DesktopFileDialog();  // a dialog still open is closed (SIGTERM) and reaped
  DesktopFileDialog(const DesktopFileDialog&) = delete;
  DesktopFileDialog& operator=(const DesktopFileDialog&) = delete;

  // nullopt while the dialog is open; then the chosen path, or "" when cancelled.
  std::optional<std::string> poll();

 private:
  DesktopFileDialog() = default;
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string out_;
};

}  // namespace am::app

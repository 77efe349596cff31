// A --script being replayed in the window: its runner, and what its commands asked of the
// window for after this frame (a screenshot, a resize, a state dump once the panels are
// drawn). A dump that cannot be written stops the script with the script's FILE:LINE.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "am/core/result.hpp"
#include "am/ui/app_state.hpp"
#include "am/ui/script.hpp"
#include "am/ui/script_runner.hpp"

namespace am::ui {

class ScriptHost {
 public:
  void start(Script script) { runner_ = std::make_unique<ScriptRunner>(std::move(script)); }
  // Runs the next command, unless held while a screenshot is being rendered; an error goes
  // on the status line.
  void step(AppState& state, Engine& engine);
  void hold(bool hold) { held_ = hold; }

  // What the commands ask of the window; each is handed out once.
  void ask_screenshot(std::filesystem::path path) { screenshot_ = std::move(path); }
  void ask_resize(int width, int height) { resize_ = std::make_pair(width, height); }
  void ask_dump(std::filesystem::path path, int line);
  std::optional<std::filesystem::path> take_screenshot() { return std::exchange(screenshot_, std::nullopt); }
  std::optional<std::pair<int, int>> take_resize() { return std::exchange(resize_, std::nullopt); }
  // After the frame's panels are drawn: writes the dump asked for, if any.
  void write_dump(const std::function<Status(const std::filesystem::path&)>& write, AppState& state);

  bool running() const { return runner_ && !runner_->done() && dump_error_.empty(); }
  bool failed() const { return (runner_ && runner_->failed()) || !dump_error_.empty(); }
  std::string error() const;

 private:
  std::unique_ptr<ScriptRunner> runner_;
  bool held_ = false;
  std::optional<std::filesystem::path> screenshot_;
  std::optional<std::pair<int, int>> resize_;
  std::optional<std::filesystem::path> dump_;
  std::string dump_where_;  // "FILE:LINE" of that "dump"
  std::string dump_error_;  // the dump could not be written: the script stops
};

}  // namespace am::ui

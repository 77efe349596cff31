#include "am/ui/script_host.hpp"

namespace am::ui {

void ScriptHost::step(AppState& state, Engine& engine) {
  if (!runner_ || runner_->done() || held_) return;
  runner_->step(state, engine);
  if (runner_->failed()) set_status(state, runner_->error(), true);
}

void ScriptHost::ask_dump(std::filesystem::path path, int line) {
  dump_ = std::move(path);
  dump_where_ = (runner_ ? runner_->script().label : std::string("script")) + ":" + std::to_string(line);
}

void ScriptHost::write_dump(const std::function<Status(const std::filesystem::path&)>& write,
                            AppState& state) {
  const auto path = std::exchange(dump_, std::nullopt);
  if (!path) return;
  if (auto s = write(*path); !s) {
    dump_error_ = dump_where_ + ": dump: " + s.error();
    set_status(state, dump_error_, true);
  }
}

std::string ScriptHost::error() const {
  if (!dump_error_.empty()) return dump_error_;
  return runner_ ? runner_->error() : std::string();
}

}  // namespace am::ui

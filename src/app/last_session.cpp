#include "last_session.hpp"

#include <cstdlib>

namespace am::app {

std::optional<std::filesystem::path> last_view_file_from(const char* xdg_state_home, const char* home) {
  // As for XDG_CONFIG_HOME, a relative XDG_STATE_HOME is invalid and ignored.
  if (xdg_state_home && *xdg_state_home && std::filesystem::path(xdg_state_home).is_absolute())
    return std::filesystem::path(xdg_state_home) / "attention-machine" / kLastViewFileName;
  if (home && *home)
    return std::filesystem::path(home) / ".local" / "state" / "attention-machine" / kLastViewFileName;
  return std::nullopt;
}

std::optional<std::filesystem::path> last_view_file() {
  return last_view_file_from(std::getenv("XDG_STATE_HOME"), std::getenv("HOME"));
}

bool writes_last_session(const Options& options, bool headless) {
  return !headless && !options.screenshot && !options.script && !options.bench_frames &&
         !options.bench_idle && !options.record && !options.json;
}

bool reopens_last_session(const Options& options, bool headless) {
  const bool chose_view = options.open || options.chapter || options.text || options.step ||
                          !options.ablate.empty() || !options.run.empty() || options.weights_file;
  return writes_last_session(options, headless) && !options.fresh && !chose_view;
}

}  // namespace am::app

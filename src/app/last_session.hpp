// Resume: where the view of the last session is kept, and which runs read or write it.
// Headless runs (screenshots, scripts, recordings, benchmarks) never touch it, so tests
// and pictures repeat whatever the person at the machine did last.
#pragma once

#include <filesystem>
#include <optional>

#include "options.hpp"

namespace am::app {

inline constexpr const char* kLastViewFileName = "last-view.json";

// $XDG_STATE_HOME/attention-machine/last-view.json when XDG_STATE_HOME is absolute, else
// HOME/.local/state/attention-machine/last-view.json; nullopt with neither.
std::optional<std::filesystem::path> last_view_file_from(const char* xdg_state_home, const char* home);
std::optional<std::filesystem::path> last_view_file();

// The window saves its view on quitting: not for headless runs, benchmarks or recordings.
bool writes_last_session(const Options& options, bool headless);
// ... and reopens it at start unless told otherwise: --fresh, a file to open, or a flag
// that chooses what to show (--chapter, --text, --step, --ablate, --run).
bool reopens_last_session(const Options& options, bool headless);

}  // namespace am::app

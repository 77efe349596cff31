// The state a script leaves behind, as JSON, for tests and for teachers who
// prepare material with --script ... --dump-state OUT.json.
#pragma once

#include <filesystem>
#include <optional>

#include <nlohmann/json.hpp>

#include "am/model/activations.hpp"
#include "am/core/result.hpp"
#include "am/ui/app_state.hpp"
#include "am/ui/script_runner.hpp"

namespace am::ui {

// chapter, chapter_title, text, step, pulled_heads, selected_position (one-based),
// selected_character, selected_head, top5 [{char, p}] (empty, with top5_hidden true, while
// the chapter's question hides the probabilities), nonsense_accuracy (null if not computed),
// generated, status.
nlohmann::ordered_json dump_state(const AppState& state, const Activations& acts,
                                  std::optional<double> nonsense_accuracy);

// Runs the forward pass and the accuracy through the engine and writes the dump atomically.
// `extra` (an object) adds the window's keys: window, viewport, panels, presentation, ...
Status write_state_dump(const std::filesystem::path& path, const AppState& state, Engine& engine,
                        const nlohmann::ordered_json& extra = nlohmann::ordered_json::object());

}  // namespace am::ui

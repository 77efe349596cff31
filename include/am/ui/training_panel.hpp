// The training panel of chapter 11: pick a recipe and a text, Train / Pause / Resume /
// Stop, a progress bar, and the saved runs (open, continue, rename, delete after a
// confirmation). It only reports what was asked in TrainingActions; the session acts.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "am/ui/app_state.hpp"
#include "am/ui/growing_run.hpp"

namespace am::ui {

struct TrainingRequest {
  std::string preset;                         // "shipped", "plain", "custom"
  std::map<std::string, std::string> settings;  // by attention-train's flag names
  std::string own_text;                       // "" = the six novels
  std::string name;                           // "" = chosen by the app
};

struct TrainingActions {
  std::optional<TrainingRequest> start;
  bool pause = false, resume = false, stop = false;
  std::optional<std::string> open_run;        // switch the machine to a saved run
  bool open_shipped = false;                  // back to the run the app opened with
  std::optional<std::string> continue_run;
  std::optional<std::pair<std::string, std::string>> rename;  // from, to
  std::optional<std::string> remove;          // confirmed
  bool any() const {
    return start || pause || resume || stop || open_run || open_shipped || continue_run || rename || remove;
  }
};

struct TrainingPanelState {
  int preset = 0;  // index into the presets shown
  bool own_text = false;
  std::array<char, 512> path{};
  std::array<char, 65> name{};
  // Custom settings as typed; checked by the trainer's own flag parser when Train is pressed.
  std::array<char, 32> repeat_share{}, repeat_min{}, repeat_max{}, lr{}, steps{}, seed{};
  std::string pending_delete;                 // the run awaiting "Delete? Yes / No"
  std::string renaming;                       // the run whose new name is being typed
  std::array<char, 65> new_name{};
};

struct TrainingPanelView {
  const GrowingRun* run = nullptr;            // null: the app has no trainer
  std::vector<SavedRunEntry> saved;
  std::string shown_run;                      // the run on the machine now ("" = the shipped one)
  std::string start_error;                    // why the last Train did not start, shown under it
};

// Drawn in chapter 11, and wherever a run is going on.
void draw_training_panel(const AppState& state, const TrainingPanelView& view, TrainingPanelState& panel,
                         TrainingActions& actions);

}  // namespace am::ui

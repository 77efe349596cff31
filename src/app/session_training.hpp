// The session's side of "Grow your own": owns the training controller, copies its
// progress once per frame into a ui::GrowingRun, turns the panel's and the script's
// requests into controller calls, and says when the machine should load the run's
// folder again (a measured checkpoint joined, or the analysis finished).
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "am/grow/controller.hpp"
#include "am/ui/growing_run.hpp"
#include "am/ui/script.hpp"
#include "am/ui/training_panel.hpp"

namespace am::app {

class SessionTraining {
 public:
  explicit SessionTraining(std::filesystem::path shipped_dir);

  // Copies the controller's progress; returns the folder to (re)load when the drum should grow.
  std::optional<std::filesystem::path> poll();
  Status start(const ui::TrainingRequest& request);
  Status start_script(const ui::ScriptCommand& command);
  // Panel actions; may name a run folder to open. Errors go to the returned message.
  std::optional<std::filesystem::path> act(const ui::TrainingActions& actions, std::string& message);
  bool busy() const { return controller_ && controller_->active(); }

  ui::GrowingRun& run() { return run_; }
  const ui::GrowingRun& run() const { return run_; }
  ui::TrainingPanelView panel_view(const std::string& shown_run) const;
  // For the state dump: the run's name, its step and its checkpoints so far.
  nlohmann::ordered_json dump() const;
  // "Run X was closed at step N of M ..." when a saved run can be continued; else "".
  std::string resume_offer() const;
  std::optional<std::filesystem::path> run_dir() const;
  const std::optional<std::filesystem::path>& runs_root() const { return root_; }
  // The in-memory accuracies of the run's checkpoints (by step), to show before the analysis.
  std::vector<std::pair<std::int64_t, double>> measured() const;

 private:
  Status ensure_controller();
  void refresh_saved();
  std::string free_name(const std::string& preset) const;

  std::filesystem::path shipped_dir_;
  std::optional<std::filesystem::path> root_;
  std::string root_error_;
  std::string start_error_;  // why the last Train did not start ("" once one did)
  std::unique_ptr<grow::TrainingController> controller_;
  ui::GrowingRun run_;
  std::vector<grow::GrownCheckpoint> checkpoints_;
  std::vector<ui::SavedRunEntry> saved_;
  std::uint64_t revision_ = ~std::uint64_t{0};
  std::size_t loaded_measured_ = 0;
  bool loaded_final_ = false;
  std::chrono::steady_clock::time_point last_load_{};
  std::chrono::steady_clock::time_point last_list_{};
};

}  // namespace am::app

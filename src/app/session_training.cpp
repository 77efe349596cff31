#include "session_training.hpp"

#include "am/grow/run_store.hpp"
#include "am/model/weights_dir.hpp"

namespace am::app {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// How often the drum may reload the growing run's folder: each load reads every
// checkpoint, so it is rate-limited rather than done for each one.
constexpr std::chrono::milliseconds kReloadEvery{1500};
constexpr std::chrono::milliseconds kRelistEvery{2000};

std::string status_words(grow::RunStatus s) {
  switch (s) {
    case grow::RunStatus::kFinished:
      return "finished";
    case grow::RunStatus::kResumable:
      return "closed mid-way";
    case grow::RunStatus::kEmpty:
      return "empty";
  }
  return "?";
}

}  // namespace

SessionTraining::SessionTraining(fs::path shipped_dir) : shipped_dir_(std::move(shipped_dir)) {
  auto root = grow::runs_root();
  if (root)
    root_ = *root;
  else
    root_error_ = root.error();
  refresh_saved();
}

Status SessionTraining::ensure_controller() {
  if (controller_) return Ok{};
  if (!root_) return fail(root_error_);
  grow::ControllerOptions o;
  o.runs_root = *root_;
  o.shipped_dir = shipped_dir_;
  controller_ = std::make_unique<grow::TrainingController>(o);
  return Ok{};
}

void SessionTraining::refresh_saved() {
  saved_.clear();
  if (!root_) return;
  for (const grow::SavedRun& r : grow::list_runs(*root_))
    saved_.push_back({r.name, r.preset, status_words(r.status), r.next_step, r.steps, r.checkpoints});
  last_list_ = Clock::now();
}

std::string SessionTraining::free_name(const std::string& preset) const {
  std::error_code ec;
  std::string name = preset;
  for (int k = 2; root_ && fs::exists(*root_ / name, ec); ++k) name = preset + "-" + std::to_string(k);
  return name;
}

Status SessionTraining::start(const ui::TrainingRequest& request) {
  if (auto ok = ensure_controller(); !ok) return ok;
  auto preset = grow::parse_preset(request.preset);
  if (!preset) return fail(preset.error());
  auto recipe = grow::preset_recipe(*preset, shipped_dir_, request.settings);
  if (!recipe) return fail(recipe.error());
  grow::NewRun run;
  run.name = request.name.empty() ? free_name(request.preset) : request.name;
  run.preset = *preset;
  run.recipe = *recipe;
  if (!request.own_text.empty()) run.own_text = fs::path(request.own_text);
  if (auto ok = controller_->start(run); !ok) return ok;
  run_ = ui::GrowingRun{};
  run_.progress.run_name = run.name;
  run_.progress.preset = request.preset;
  run_.own_text = run.own_text.has_value();
  run_.record.recipe = train::manifest_recipe(*recipe);
  loaded_measured_ = 0;
  loaded_final_ = false;
  revision_ = ~std::uint64_t{0};
  refresh_saved();
  return Ok{};
}

Status SessionTraining::start_script(const ui::ScriptCommand& c) {
  if (c.text == "continue") {
    ui::TrainingActions a;
    a.continue_run = c.name;
    std::string message;
    act(a, message);
    if (!message.empty()) return fail(message);
    return Ok{};
  }
  ui::TrainingRequest r;
  r.preset = c.text;
  if (c.number > 0) r.settings["steps"] = std::to_string(c.number);
  if (c.train_seed) r.settings["seed"] = std::to_string(*c.train_seed);
  r.own_text = c.path;
  r.name = c.name;
  return start(r);
}

std::optional<fs::path> SessionTraining::run_dir() const {
  if (!root_ || run_.progress.run_name.empty()) return std::nullopt;
  return *root_ / run_.progress.run_name;
}

std::vector<std::pair<std::int64_t, double>> SessionTraining::measured() const {
  std::vector<std::pair<std::int64_t, double>> out;
  for (const grow::GrownCheckpoint& c : checkpoints_)
    if (c.nonsense_accuracy) out.emplace_back(c.step, *c.nonsense_accuracy);
  return out;
}

std::optional<fs::path> SessionTraining::poll() {
  if (Clock::now() - last_list_ > kRelistEvery) refresh_saved();
  if (!controller_) return std::nullopt;
  const grow::TrainingProgress p = controller_->progress();
  // The report as it is; the run's name and preset stay what start() said until the
  // controller's own report names them.
  std::string name = std::move(run_.progress.run_name), preset = std::move(run_.progress.preset);
  run_.progress = p;
  if (p.run_name.empty()) run_.progress.run_name = std::move(name);
  if (p.preset.empty()) run_.progress.preset = std::move(preset);
  if (p.revision != revision_) {
    revision_ = p.revision;
    checkpoints_ = controller_->checkpoints();
    run_.record.checkpoints.clear();
    for (const grow::GrownCheckpoint& c : checkpoints_) {
      CheckpointMetrics m;
      m.step = c.step;
      m.train_loss = c.train_loss_smoothed;
      m.val_loss = c.val_loss;
      m.nonsense_accuracy = c.nonsense_accuracy;
      run_.record.checkpoints.push_back(m);
    }
  }
  // The drum takes the checkpoints that are measured, in order (the worker goes in order).
  std::size_t measured = 0;
  while (measured < checkpoints_.size() && checkpoints_[measured].nonsense_accuracy) ++measured;
  const auto dir = run_dir();
  if (!dir) return std::nullopt;
  const bool ended = p.phase == grow::Phase::kFinished || p.phase == grow::Phase::kStopped ||
                     p.phase == grow::Phase::kFailed;
  if (ended && !loaded_final_ && load_manifest(*dir).ok()) {
    loaded_final_ = true;
    loaded_measured_ = measured;
    refresh_saved();
    return dir;  // with analysis.json once the analysis is written
  }
  if (measured > loaded_measured_ && (loaded_measured_ == 0 || Clock::now() - last_load_ >= kReloadEvery)) {
    loaded_measured_ = measured;
    last_load_ = Clock::now();
    return dir;
  }
  return std::nullopt;
}

std::optional<fs::path> SessionTraining::act(const ui::TrainingActions& a, std::string& message) {
  if (a.start) {
    const Status ok = start(*a.start);
    start_error_ = ok ? std::string() : ok.error();
    message = start_error_;
  }
  if (controller_) {
    if (a.pause) controller_->pause();
    if (a.resume) controller_->resume();
    if (a.stop) controller_->stop();
  }
  if (a.continue_run) {
    if (auto ok = ensure_controller(); !ok) {
      message = ok.error();
    } else if (auto c = controller_->continue_run(*a.continue_run); !c) {
      message = c.error();
    } else {
      run_ = ui::GrowingRun{};
      run_.progress.run_name = *a.continue_run;
      loaded_measured_ = 0;
      loaded_final_ = false;
      revision_ = ~std::uint64_t{0};
    }
  }
  if (root_ && a.rename) {
    if (auto ok = grow::rename_run(*root_, a.rename->first, a.rename->second); !ok)
      message = ok.error();
    else if (run_.progress.run_name == a.rename->first && !busy())
      run_.progress.run_name = a.rename->second;
  }
  if (root_ && a.remove) {
    if (busy() && run_.progress.run_name == *a.remove)
      message = "stop the run before deleting it";
    else if (auto ok = grow::delete_run(*root_, *a.remove); !ok)
      message = ok.error();
    else if (run_.progress.run_name == *a.remove)
      run_ = ui::GrowingRun{};
  }
  if (a.rename || a.remove || a.continue_run) refresh_saved();
  if (root_ && a.open_run) return *root_ / *a.open_run;
  return std::nullopt;
}

ui::TrainingPanelView SessionTraining::panel_view(const std::string& shown_run) const {
  ui::TrainingPanelView v;
  v.run = &run_;
  v.saved = saved_;
  v.shown_run = shown_run;
  v.start_error = start_error_;
  return v;
}

nlohmann::ordered_json SessionTraining::dump() const {
  nlohmann::ordered_json j;
  const grow::TrainingProgress& p = run_.progress;
  j["run"] = p.run_name.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(p.run_name);
  j["preset"] = p.preset;
  j["phase"] = grow::phase_name(p.phase);
  j["step"] = p.step;
  j["steps"] = p.steps;
  nlohmann::ordered_json steps = nlohmann::ordered_json::array();
  for (const CheckpointMetrics& m : run_.record.checkpoints) steps.push_back(m.step);
  j["checkpoints"] = steps;
  j["measured"] = p.measured;
  j["following"] = run_.following;
  j["message"] = p.message;
  nlohmann::ordered_json saved = nlohmann::ordered_json::array();
  for (const ui::SavedRunEntry& s : saved_) saved.push_back({{"name", s.name}, {"status", s.status}});
  j["saved_runs"] = saved;
  return j;
}

std::string SessionTraining::resume_offer() const {
  for (const ui::SavedRunEntry& s : saved_)
    if (s.status == "closed mid-way")
      return "Run " + s.name + " was closed before its end" +
             (s.next_step > 0
                  ? " (at step " + std::to_string(s.next_step) + " of " + std::to_string(s.steps) + ")"
                  : "") +
             ": chapter " + std::to_string(ui::kGrowChapter) + "'s training panel can continue it.";
  return "";
}

}  // namespace am::app

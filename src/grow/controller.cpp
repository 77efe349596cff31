#include "am/grow/controller.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <sstream>

#include "am/analysis/model_passes.hpp"
#include "am/analysis/nonsense_set.hpp"
#include "am/analysis/run_analysis.hpp"
#include "am/grow/corpus_intake.hpp"
#include "am/model/config.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/weights_dir.hpp"
#include "am/train/trainer.hpp"

namespace am::grow {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// Measuring is worth less than training: the worker gives way to the run's threads.
constexpr int kMeasureNice = 10;

bool inside(const fs::path& child, const fs::path& parent) {
  std::error_code ec;
  const fs::path c = fs::weakly_canonical(child, ec), p = fs::weakly_canonical(parent, ec);
  if (p.empty()) return false;
  auto ci = c.begin();
  for (auto pi = p.begin(); pi != p.end(); ++pi, ++ci)
    if (ci == c.end() || *ci != *pi) return false;
  return true;
}

std::size_t manifest_count(const fs::path& dir) {
  auto m = load_manifest(dir);
  return m ? m->checkpoints.size() : 0;
}

}  // namespace

TrainingController::TrainingController(ControllerOptions options) : options_(std::move(options)) {
  // A file-size limit (or a full disk) must fail the write with a message, not kill the app.
  std::signal(SIGXFSZ, SIG_IGN);
}

TrainingController::~TrainingController() {
  stop();
  join();
}

void TrainingController::join() {
  if (thread_.joinable()) thread_.join();
}

void TrainingController::wait() { join(); }

void TrainingController::set_phase(Phase phase, std::string message) {
  std::lock_guard<std::mutex> lock(mutex_);
  progress_.phase = phase;
  if (!message.empty()) progress_.message = std::move(message);
}

TrainingProgress TrainingController::progress() const {
  std::lock_guard<std::mutex> lock(mutex_);
  TrainingProgress p = progress_;
  p.revision = revision_.load();
  return p;
}

std::vector<GrownCheckpoint> TrainingController::checkpoints() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return checkpoints_;
}

void TrainingController::pause() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (progress_.phase != Phase::kTraining) return;
  paused_ = true;
  progress_.phase = Phase::kPaused;
}

void TrainingController::resume() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!paused_) return;
    paused_ = false;
    if (progress_.phase == Phase::kPaused) progress_.phase = Phase::kTraining;
  }
  pause_cv_.notify_all();
}

void TrainingController::stop() {
  if (!active_.load()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    interrupt_.store(true);
    paused_ = false;
    if (progress_.phase == Phase::kTraining || progress_.phase == Phase::kPaused)
      progress_.phase = Phase::kStopping;
  }
  pause_cv_.notify_all();
}

Status TrainingController::start(NewRun run) {
  if (active_.load()) return fail("a run is already going on; stop it first");
  if (auto ok = check_run_name(run.name); !ok) return ok;
  std::error_code ec;
  if (!options_.shipped_dir.empty() && inside(options_.runs_root, options_.shipped_dir))
    return fail("the runs folder " + options_.runs_root.string() +
                " is inside the shipped weights, which are never written");
  fs::create_directories(options_.runs_root, ec);
  if (ec)
    return fail("cannot create the runs folder " + options_.runs_root.string() + ": " + ec.message() +
                " (is the data folder read-only? set XDG_DATA_HOME to a writable folder)");
  const fs::path dir = options_.runs_root / run.name;
  if (fs::exists(dir, ec) && fs::directory_iterator(dir, ec) != fs::directory_iterator())
    return fail("a run called '" + run.name +
                "' already exists; pick another name, or continue it from the run menu");
  fs::create_directories(dir, ec);
  if (ec)
    return fail("cannot create " + dir.string() + ": " + ec.message() + " (is the data folder read-only?)");
  // Probe that the folder takes files before any work starts.
  nlohmann::json info;
  info["name"] = run.name;
  info["preset"] = preset_name(run.preset);
  info["corpus_kind"] = run.own_text ? "own" : "novels";
  info["corpus"] = run.own_text ? (dir / kCorpusFolder).string() : run.recipe.corpus.string();
  if (run.own_text) info["own_text_source"] = run.own_text->string();
  info["steps"] = run.recipe.steps;
  info["next_step"] = 0;
  info["status"] = "running";
  if (auto ok = write_run_info(dir, info); !ok) {
    fs::remove_all(dir, ec);
    return fail("cannot write into " + dir.string() + ": " + ok.error());
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    progress_ = TrainingProgress{};
    progress_.preset = preset_name(run.preset);
  }
  return launch(dir, std::move(run.recipe), std::move(run.own_text), true);
}

Status TrainingController::continue_run(const std::string& name) {
  if (active_.load()) return fail("a run is already going on; stop it first");
  if (auto ok = check_run_name(name); !ok) return ok;
  const fs::path dir = options_.runs_root / name;
  std::error_code ec;
  if (!fs::exists(dir / kStateFile, ec))
    return fail("run '" + name + "' has no saved state to continue from");
  const nlohmann::json info = read_run_info(dir);
  if (info.value("status", std::string()) == "finished")
    return fail("run '" + name + "' has already finished");
  auto parsed =
      train::parse_args({"--out", dir.string(), "--resume", "--state", (dir / kStateFile).string()});
  if (!parsed) return fail(parsed.error());
  train::Recipe recipe = parsed->recipe;
  if (info.contains("corpus") && info["corpus"].is_string())
    recipe.corpus = info["corpus"].get<std::string>();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    progress_ = TrainingProgress{};
    progress_.preset = info.value("preset", std::string());
  }
  return launch(dir, std::move(recipe), std::nullopt, false);
}

Status TrainingController::launch(const fs::path& dir, train::Recipe recipe, std::optional<fs::path> own_text,
                                  bool fresh) {
  auto lock = RunLock::acquire(dir);
  if (!lock) {
    if (fresh && manifest_count(dir) == 0) {
      std::error_code ec;
      fs::remove(dir / kRunInfoFile, ec);
    }
    return fail(lock.error());
  }
  join();
  lock_ = std::move(*lock);
  recipe.out = dir;
  recipe.state = dir / kStateFile;
  recipe.threads = options_.threads;
  recipe.log_every = 0;
  {
    std::lock_guard<std::mutex> g(mutex_);
    progress_.phase = Phase::kPreparing;
    progress_.run_name = dir.filename().string();
    progress_.run_dir = dir;
    progress_.steps = recipe.steps;
    checkpoints_.clear();
    queue_.clear();
    no_more_ = false;
    paused_ = false;
  }
  revision_.fetch_add(1);
  interrupt_.store(false);
  active_.store(true);
  thread_ =
      std::thread(&TrainingController::run_thread, this, dir, std::move(recipe), std::move(own_text), fresh);
  return Ok{};
}

void TrainingController::measure_thread(fs::path dir) {
  (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), kMeasureNice);
  const analysis::NonsenseSet& set = analysis::standard_nonsense_set();
  for (;;) {
    std::size_t index = 0;
    std::string file;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      queue_cv_.wait(lock, [&] { return !queue_.empty() || no_more_; });
      if (queue_.empty()) return;
      index = queue_.front();
      queue_.pop_front();
      file = checkpoints_[index].file;
    }
    auto w = load_weights(dir / file);
    if (!w) {
      set_phase(progress().phase, "cannot measure " + file + ": " + w.error());
      continue;
    }
    const double accuracy = analysis::nonsense_accuracy(*w, set, {}, 1).overall.rate();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!checkpoints_[index].nonsense_accuracy) ++progress_.measured;
      checkpoints_[index].nonsense_accuracy = accuracy;
    }
    revision_.fetch_add(1);
  }
}

void TrainingController::run_thread(fs::path dir, train::Recipe recipe, std::optional<fs::path> own_text,
                                    bool fresh) {
  nlohmann::json info = read_run_info(dir);
  const auto finish = [&](Phase phase, std::string message, const std::string& status) {
    info["status"] = status;
    if (auto ok = write_run_info(dir, info); !ok && message.empty()) message = ok.error();
    // A run that never wrote a checkpoint leaves nothing behind: its name stays free.
    if (fresh && manifest_count(dir) == 0 && phase == Phase::kFailed) {
      std::error_code ec;
      for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().filename() != kLockFile) fs::remove_all(it->path(), ec);
      lock_.reset();
      fs::remove_all(dir, ec);
    }
    set_phase(phase, std::move(message));
    lock_.reset();
    active_.store(false);
  };

  if (own_text) {
    auto intake = take_in_corpus(*own_text, dir / kCorpusFolder);
    if (!intake) return finish(Phase::kFailed, intake.error(), "failed");
    recipe.corpus = dir / kCorpusFolder;
    std::lock_guard<std::mutex> lock(mutex_);
    progress_.corpus_report = intake->summary();
  }

  // Measured while training goes on; it is told when no more checkpoints will come.
  measurer_ = options_.measure ? std::thread(&TrainingController::measure_thread, this, dir) : std::thread();
  const auto end_measuring = [&] {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      no_more_ = true;
    }
    queue_cv_.notify_all();
    if (measurer_.joinable()) measurer_.join();
  };

  Clock::duration paused_for{};
  const auto started = Clock::now();
  train::TrainingHooks hooks;
  hooks.on_step = [&](const train::StepProgress& s) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      const double seconds = std::chrono::duration<double>(Clock::now() - started - paused_for).count();
      progress_.phase = progress_.phase == Phase::kPreparing ? Phase::kTraining : progress_.phase;
      progress_.step = s.step;
      progress_.loss_smoothed = s.loss_smoothed;
      progress_.seconds = seconds;
      if (s.steps_run > 0 && seconds > 0) {
        const double per_step = seconds / static_cast<double>(s.steps_run);
        progress_.chars_per_second = static_cast<double>(recipe.batch) * kContext / per_step;
        progress_.seconds_left = per_step * static_cast<double>(s.steps - s.step);
      }
      if (paused_ && !interrupt_.load()) {
        const auto pause_start = Clock::now();
        pause_cv_.wait(lock, [&] { return !paused_ || interrupt_.load(); });
        paused_for += Clock::now() - pause_start;
      }
    }
  };
  hooks.on_checkpoint = [&](const train::CheckpointRecord& r) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      GrownCheckpoint c;
      c.step = r.step;
      c.file = r.file;
      c.train_loss_smoothed = r.train_loss_smoothed;
      c.val_loss = r.val_loss;
      // A resumed run rewrites the checkpoints since its saved state: same step, same bytes.
      std::size_t index = checkpoints_.size();
      for (std::size_t i = 0; i < checkpoints_.size(); ++i)
        if (checkpoints_[i].step == r.step) index = i;
      const bool known = index < checkpoints_.size() && checkpoints_[index].nonsense_accuracy.has_value();
      if (index == checkpoints_.size())
        checkpoints_.push_back(c);
      else
        checkpoints_[index] = c;
      progress_.checkpoints = checkpoints_.size();
      if (options_.measure) queue_.push_back(index);
      if (known) --progress_.measured;  // measured again: the same bytes, the same figure
    }
    revision_.fetch_add(1);
    queue_cv_.notify_one();
  };

  // A continued run starts with the checkpoints it already has (measured again, quickly).
  if (!fresh)
    if (auto m = load_manifest(dir)) {
      std::lock_guard<std::mutex> lock(mutex_);
      for (const CheckpointEntry& e : m->checkpoints) {
        GrownCheckpoint c;
        c.step = e.step;
        c.file = e.file;
        checkpoints_.push_back(c);
        if (options_.measure) queue_.push_back(checkpoints_.size() - 1);
      }
      progress_.checkpoints = checkpoints_.size();
    }
  queue_cv_.notify_one();

  std::ostringstream log;
  auto summary = train::run_training(recipe, {}, log, &interrupt_, &hooks);
  end_measuring();
  if (!summary) {
    const std::size_t kept = manifest_count(dir);
    std::string message = "training stopped: " + summary.error();
    if (kept > 0)
      message += ". The " + std::to_string(kept) +
                 " complete checkpoints are kept (the manifest lists only those); "
                 "free some space and continue the run.";
    return finish(Phase::kFailed, message, "failed");
  }
  info["next_step"] = summary->next_step;
  if (!summary->finished)
    return finish(Phase::kStopped,
                  "run '" + dir.filename().string() + "' saved at step " +
                      std::to_string(summary->next_step) + "; it can be continued",
                  "stopped");

  if (options_.analyse) {
    set_phase(Phase::kAnalysing);
    analysis::RunAnalysisOptions a;
    a.dir = dir;
    a.corpus_dir = recipe.corpus;
    a.threads = options_.threads;
    a.progress = [&](std::size_t done, std::size_t total) {
      std::lock_guard<std::mutex> lock(mutex_);
      progress_.analysed = done;
      progress_.analysis_total = total;
    };
    std::ostringstream analysis_log;
    auto analysed = analysis::analyse_run(a, analysis_log);
    if (!analysed)
      return finish(Phase::kFailed, "the run finished, but its analysis failed: " + analysed.error(),
                    "finished");
  }
  finish(Phase::kFinished, "run '" + dir.filename().string() + "' finished", "finished");
}

}  // namespace am::grow

#include "am/train/trainer.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

#include "am/model/safetensors.hpp"
#include "am/train/batch_gradient.hpp"
#include "am/train/batcher.hpp"
#include "am/train/checkpoints.hpp"
#include "am/train/corpus.hpp"
#include "am/train/init.hpp"
#include "am/train/optimizer.hpp"
#include "am/train/train_state.hpp"
#include "run_log.hpp"

namespace am::train {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using ojson = nlohmann::ordered_json;

// Smoothing of the training loss: an exponential moving average over about 50 steps.
constexpr double kLossSmoothing = 0.98;

// FNV-1a over every book's name and text: a resumed run must see the same corpus.
std::string corpus_fingerprint(const Corpus& corpus) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  const auto mix = [&](const std::string& s) {
    for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
    h = (h ^ 0xff) * 0x100000001b3ull;  // separator
  };
  for (const Book& b : corpus.books) {
    mix(b.name);
    mix(b.train_text);
    mix(b.heldout_text);
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

StorageType checkpoint_storage(const Recipe& recipe) {
  return recipe.checkpoint_f16 ? StorageType::kF16 : StorageType::kF32;
}

// Hidden entries (".lock", ".state.safetensors" of an in-app run, a ".gitignore") are not
// a run's output, so a folder holding only those counts as empty.
bool folder_has_files(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) return false;
  if (!fs::is_directory(dir, ec)) return true;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (!it->path().filename().string().starts_with(".")) return true;
  return false;
}

Status check_plan_size(const Recipe& recipe, std::ostream& log) {
  const auto plan = planned_checkpoints(recipe);
  const double file_bytes = static_cast<double>(serialize_weights(Weights{}, checkpoint_storage(recipe)).size());
  const double mib = static_cast<double>(plan.size()) * file_bytes / (1024.0 * 1024.0);
  char line[256];
  std::snprintf(line, sizeof line,
                "checkpoints: %zu files of %.0f bytes = %.2f MiB (every %d steps in [%lld, %lld], every %d elsewhere)\n",
                plan.size(), file_bytes, mib, recipe.dense_every, static_cast<long long>(recipe.dense_from),
                static_cast<long long>(recipe.dense_to), recipe.sparse_every);
  log << line;
  if (recipe.max_weights_mib > 0.0 && mib > recipe.max_weights_mib) {
    char msg[256];
    std::snprintf(msg, sizeof msg,
                  "the checkpoint plan needs %.2f MiB, more than --max-weights-mib %.2f; raise --sparse-every "
                  "or --dense-every, narrow --dense-from/--dense-to, or use --checkpoint-dtype f16",
                  mib, recipe.max_weights_mib);
    return fail(msg);
  }
  return Ok{};
}

// One run from its recipe to its last step: owns the corpus, the batches, the model's
// state and the optimizer, and writes checkpoints, the manifest and the resume state.
class TrainingRun {
 public:
  TrainingRun(Recipe recipe, std::ostream& log) : recipe_(std::move(recipe)), log_(log) {}

  // Checks the folders, reads the corpus and restores (or creates) the state.
  Status open(const std::set<std::string>& given);
  // Runs steps until the end, --stop-at, or an interrupt.
  Result<RunSummary> run(const std::atomic<bool>* interrupt, const TrainingHooks* hooks);

 private:
  Status check_folders(const std::set<std::string>& given);
  Status restore_or_initialise();
  // Saves everything a --resume needs, as of the start of step next_step.
  Status save(std::int64_t next_step, bool finished);
  // Writes checkpoint `step` (the current weights) and its manifest entry.
  Status write_checkpoint(std::int64_t step, double loss, double smoothed, const TrainingHooks* hooks);

  Recipe recipe_;
  std::ostream& log_;
  fs::path state_path_;
  std::optional<TrainState> saved_;
  std::optional<Corpus> corpus_;
  std::optional<Batcher> batcher_;
  std::vector<int> val_windows_;
  ojson recipe_json_;
  TrainState state_;
  std::optional<AdamW> adam_;
  Rng rng_;
  std::optional<BatchGradient> engine_;
  PreparedParams<float> prepared_;
  RunSummary summary_;
};

Status TrainingRun::check_folders(const std::set<std::string>& given) {
  state_path_ = recipe_.state_path();
  std::error_code ec;
  if (recipe_.resume) {
    if (!fs::exists(state_path_, ec))
      return fail("--resume: no saved state at " + state_path_.string() +
                  " (a run keeps it beside its --out folder; --state FILE names another)");
    auto loaded = load_state(state_path_);
    if (!loaded) return fail(loaded.error());
    if (auto ok = adopt_saved_recipe(recipe_, given, loaded->recipe); !ok) return fail(ok.error());
    saved_ = std::move(*loaded);
    return Ok{};
  }
  if (folder_has_files(recipe_.out))
    return fail("--out " + recipe_.out.string() +
                " already holds files; choose a new folder, or add --resume to continue the run there");
  if (fs::exists(state_path_, ec))
    return fail("a saved state already exists at " + state_path_.string() +
                "; add --resume to continue that run, or delete it to start over");
  return Ok{};
}

Status TrainingRun::open(const std::set<std::string>& given) {
  if (auto ok = check_folders(given); !ok) return ok;

  auto corpus = load_corpus(recipe_.corpus);
  if (!corpus) return fail(corpus.error());
  corpus_ = std::move(*corpus);
  print_corpus(*corpus_, log_);
  const std::string fingerprint = corpus_fingerprint(*corpus_);
  if (saved_ && saved_->recipe.value("corpus_fingerprint", std::string()) != fingerprint)
    return fail("the corpus in " + recipe_.corpus.string() + " differs from the one this run started with");

  auto batcher = Batcher::create(*corpus_, recipe_.batch_settings());
  if (!batcher) return fail(batcher.error());
  batcher_ = std::move(*batcher);
  val_windows_ = validation_windows(*corpus_, recipe_.val_windows);
  log_ << "batches: " << recipe_.batch << " windows of " << kContext << " characters, "
       << batcher_->repeats_per_batch() << " of them a repeated passage of " << recipe_.repeat_min << "-"
       << recipe_.repeat_max << " characters; validation: " << val_windows_.size() / kWindow
       << " held-out windows\n";
  if (auto ok = check_plan_size(recipe_, log_); !ok) return ok;

  std::error_code ec;
  fs::create_directories(recipe_.out, ec);
  if (ec) return fail("cannot create --out " + recipe_.out.string() + ": " + ec.message());
  if (!state_path_.parent_path().empty()) fs::create_directories(state_path_.parent_path(), ec);

  recipe_json_ = recipe_.to_json();
  recipe_json_["corpus_fingerprint"] = fingerprint;
  recipe_json_["command"] = recipe_.command_line();
  return restore_or_initialise();
}

Status TrainingRun::restore_or_initialise() {
  adam_.emplace(recipe_.adamw());
  rng_ = Rng(recipe_.seed);
  if (saved_) {
    state_ = std::move(*saved_);
    adam_->first_moment() = state_.adam_m;
    adam_->second_moment() = state_.adam_v;
    adam_->set_steps_taken(state_.adam_t);
    rng_.set_state(state_.rng_state);
    log_ << "resuming at step " << state_.next_step << " from " << state_path_.string() << "\n";
  } else {
    state_.weights = initial_weights(recipe_.init_settings());
  }
  state_.recipe = recipe_json_;
  if (recipe_.stop_at && *recipe_.stop_at < state_.next_step && !state_.finished)
    return fail("--stop-at " + std::to_string(*recipe_.stop_at) + " is before the saved step " +
                std::to_string(state_.next_step));
  return Ok{};
}

Status TrainingRun::save(std::int64_t next_step, bool finished) {
  state_.next_step = next_step;
  state_.finished = finished;
  state_.weights.step = next_step;
  state_.adam_m = adam_->first_moment();
  state_.adam_v = adam_->second_moment();
  state_.adam_t = adam_->steps_taken();
  state_.rng_state = rng_.state();
  return save_state(state_path_, state_);
}

Status TrainingRun::write_checkpoint(std::int64_t step, double loss, double smoothed, const TrainingHooks* hooks) {
  CheckpointRecord record;
  record.step = step;
  record.file = checkpoint_file_name(step);
  record.train_loss = loss;
  record.train_loss_smoothed = smoothed;
  if (!val_windows_.empty()) {
    record.val_loss = engine_->loss(prepared_, val_windows_);
    summary_.last_val_loss = *record.val_loss;
  }
  state_.weights.step = step;
  if (auto ok = save_weights(state_.weights, recipe_.out / record.file, checkpoint_storage(recipe_)); !ok)
    return ok;
  if (auto ok = record_checkpoint(recipe_.out, recipe_json_, record); !ok) return ok;
  if (hooks && hooks->on_checkpoint) hooks->on_checkpoint(record);
  return Ok{};
}

Result<RunSummary> TrainingRun::run(const std::atomic<bool>* interrupt, const TrainingHooks* hooks) {
  summary_.next_step = state_.next_step;
  if (state_.finished) {
    log_ << "this run already finished (step " << recipe_.steps << ")\n";
    summary_.finished = true;
    return summary_;
  }
  engine_.emplace(recipe_.threads);
  std::vector<float> grads(kParamCount);
  std::vector<int> windows;
  const ScheduleSettings schedule = recipe_.schedule_settings();
  const auto started = Clock::now();
  const auto seconds_since_start = [&] { return std::chrono::duration<double>(Clock::now() - started).count(); };

  // Step k: the loss of the weights of step k on batch k; checkpoint k; the update to k + 1.
  for (std::int64_t step = state_.next_step; step <= recipe_.steps; ++step) {
    const bool stop_here = recipe_.stop_at && step == *recipe_.stop_at;
    if (stop_here || (interrupt && interrupt->load())) {
      if (auto ok = save(step, false); !ok) return fail(ok.error());
      log_ << (stop_here ? "stopped" : "interrupted") << " at step " << step << "; state saved to "
           << state_path_.string() << " (continue with --resume)\n";
      summary_.next_step = step;
      break;
    }

    batcher_->sample(rng_, windows);
    prepared_.prepare(state_.weights.values.data());
    const bool last = step == recipe_.steps;
    const double loss = last ? engine_->loss(prepared_, windows)
                             : engine_->loss_and_gradient(prepared_, windows, grads.data());
    if (!std::isfinite(loss))
      // Read in the app's training panel as well as by attention-train: both names.
      return fail("the training loss is not finite at step " + std::to_string(step) +
                  ": lower the learning rate (attention-train: --lr), or keep gradient clipping on (--clip)");
    state_.loss_ema = kLossSmoothing * state_.loss_ema + (1.0 - kLossSmoothing) * loss;
    state_.loss_ema_weight = kLossSmoothing * state_.loss_ema_weight + (1.0 - kLossSmoothing);
    const double smoothed = state_.loss_ema / state_.loss_ema_weight;
    summary_.last_train_loss_smoothed = smoothed;

    const bool checkpoint = is_checkpoint_step(recipe_, step);
    if (checkpoint)
      if (auto ok = write_checkpoint(step, loss, smoothed, hooks); !ok) return fail(ok.error());
    if (last) {
      if (auto ok = save(step + 1, true); !ok) return fail(ok.error());
      if (hooks && hooks->on_step)
        hooks->on_step({step, recipe_.steps, summary_.steps_run, loss, smoothed, 0.0});
      summary_.next_step = step + 1;
      summary_.finished = true;
      break;
    }

    const double grad_norm = clip_by_global_norm(grads.data(), grads.size(), recipe_.clip);
    const double lr = learning_rate(schedule, step);
    adam_->step(state_.weights.values.data(), grads.data(), lr);
    ++summary_.steps_run;
    if (checkpoint)  // a kill loses at most the steps since the last checkpoint
      if (auto ok = save(step + 1, false); !ok) return fail(ok.error());

    if (hooks && hooks->on_step) hooks->on_step({step, recipe_.steps, summary_.steps_run, loss, smoothed, lr});
    if (recipe_.log_every > 0 && (step + 1) % recipe_.log_every == 0)
      print_progress({step + 1, recipe_.steps, loss, smoothed, lr, grad_norm,
                      seconds_since_start() / static_cast<double>(summary_.steps_run), recipe_.batch},
                     log_);
  }
  summary_.seconds = seconds_since_start();
  if (summary_.finished)
    print_done(summary_.steps_run, summary_.seconds, recipe_.batch, summary_.last_train_loss_smoothed,
               summary_.last_val_loss, log_);
  return summary_;
}

}  // namespace

Result<RunSummary> run_training(Recipe recipe, const std::set<std::string>& given, std::ostream& log,
                                const std::atomic<bool>* interrupt, const TrainingHooks* hooks) {
  TrainingRun run(std::move(recipe), log);
  if (auto ok = run.open(given); !ok) return fail(ok.error());
  return run.run(interrupt, hooks);
}

}  // namespace am::train

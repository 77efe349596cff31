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

std::string duration_text(double seconds) {
  char buf[32];
  const long s = std::lround(seconds);
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%ldh%02ldm", s / 3600, (s / 60) % 60);
  else if (s >= 60)
    std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%.1fs", seconds);
  return buf;
}

void print_corpus(const Corpus& corpus, std::ostream& log) {
  std::size_t train = 0, heldout = 0;
  log << "corpus: " << corpus.books.size() << " books\n";
  for (const Book& b : corpus.books) {
    char line[256];
    std::snprintf(line, sizeof line, "  %-12s %9zu bytes -> %9zu train + %7zu held-out characters  %s\n",
                  b.name.c_str(), b.raw_bytes, b.train_text.size(), b.heldout_text.size(), b.title.c_str());
    log << line;
    train += b.train_text.size();
    heldout += b.heldout_text.size();
  }
  log << "  total: " << train << " train + " << heldout << " held-out characters\n";
}

StorageType checkpoint_storage(const Recipe& recipe) {
  return recipe.checkpoint_f16 ? StorageType::kF16 : StorageType::kF32;
}

bool folder_has_files(const fs::path& dir) {
  std::error_code ec;
  return fs::exists(dir, ec) && (!fs::is_directory(dir, ec) || fs::directory_iterator(dir, ec) != fs::directory_iterator());
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
                  "or --dense-every, or narrow --dense-from/--dense-to",
                  mib, recipe.max_weights_mib);
    return fail(msg);
  }
  return Ok{};
}

}  // namespace

Result<RunSummary> run_training(Recipe recipe, const std::set<std::string>& given, std::ostream& log,
                         const std::atomic<bool>* interrupt) {
  const auto started = Clock::now();
  const fs::path state_path = recipe.state_path();

  std::optional<TrainState> saved;
  if (recipe.resume) {
    std::error_code ec;
    if (!fs::exists(state_path, ec))
      return fail("--resume: no saved state at " + state_path.string() +
                  " (a run keeps it beside its --out folder; --state FILE names another)");
    auto loaded = load_state(state_path);
    if (!loaded) return fail(loaded.error());
    if (auto ok = adopt_saved_recipe(recipe, given, loaded->recipe); !ok) return fail(ok.error());
    saved = std::move(*loaded);
  } else {
    if (folder_has_files(recipe.out))
      return fail("--out " + recipe.out.string() +
                  " already holds files; choose a new folder, or add --resume to continue the run there");
    std::error_code ec;
    if (fs::exists(state_path, ec))
      return fail("a saved state already exists at " + state_path.string() +
                  "; add --resume to continue that run, or delete it to start over");
  }

  auto corpus = load_corpus(recipe.corpus);
  if (!corpus) return fail(corpus.error());
  print_corpus(*corpus, log);
  const std::string fingerprint = corpus_fingerprint(*corpus);
  if (saved && saved->recipe.value("corpus_fingerprint", std::string()) != fingerprint)
    return fail("the corpus in " + recipe.corpus.string() + " differs from the one this run started with");

  auto batcher = Batcher::create(*corpus, recipe.batch_settings());
  if (!batcher) return fail(batcher.error());
  const std::vector<int> val_windows = validation_windows(*corpus, recipe.val_windows);
  log << "batches: " << recipe.batch << " windows of " << kContext << " characters, "
      << batcher->repeats_per_batch() << " of them a repeated passage of " << recipe.repeat_min << "-"
      << recipe.repeat_max << " characters; validation: " << val_windows.size() / kWindow
      << " held-out windows\n";
  if (auto ok = check_plan_size(recipe, log); !ok) return fail(ok.error());

  std::error_code ec;
  fs::create_directories(recipe.out, ec);
  if (ec) return fail("cannot create --out " + recipe.out.string() + ": " + ec.message());
  if (!state_path.parent_path().empty()) fs::create_directories(state_path.parent_path(), ec);

  ojson recipe_json = recipe.to_json();
  recipe_json["corpus_fingerprint"] = fingerprint;
  recipe_json["command"] = recipe.command_line();

  // The run's state, fresh or restored.
  TrainState state;
  AdamW adam(recipe.adamw());
  Rng rng(recipe.seed);
  if (saved) {
    state = std::move(*saved);
    adam.first_moment() = state.adam_m;
    adam.second_moment() = state.adam_v;
    adam.set_steps_taken(state.adam_t);
    rng.set_state(state.rng_state);
    log << "resuming at step " << state.next_step << " from " << state_path.string() << "\n";
  } else {
    state.weights = initial_weights(recipe.init_settings());
  }
  state.recipe = recipe_json;
  if (state.finished) {
    log << "this run already finished (step " << recipe.steps << ")\n";
    RunSummary done;
    done.next_step = state.next_step;
    done.finished = true;
    return done;
  }

  const auto save = [&](std::int64_t next_step, bool finished) -> Status {
    state.next_step = next_step;
    state.finished = finished;
    state.weights.step = next_step;
    state.adam_m = adam.first_moment();
    state.adam_v = adam.second_moment();
    state.adam_t = adam.steps_taken();
    state.rng_state = rng.state();
    return save_state(state_path, state);
  };

  BatchGradient engine(recipe.threads);
  PreparedParams<float> prepared;
  std::vector<float> grads(kParamCount);
  std::vector<int> windows;
  const ScheduleSettings schedule = recipe.schedule_settings();
  RunSummary summary;
  const std::int64_t first_step = state.next_step;
  if (recipe.stop_at && *recipe.stop_at < first_step)
    return fail("--stop-at " + std::to_string(*recipe.stop_at) + " is before the saved step " +
                std::to_string(first_step));
  auto loop_started = Clock::now();

  for (std::int64_t step = first_step; step <= recipe.steps; ++step) {
    const bool stop_here = recipe.stop_at && step == *recipe.stop_at;
    if (stop_here || (interrupt && interrupt->load())) {
      if (auto ok = save(step, false); !ok) return fail(ok.error());
      log << (stop_here ? "stopped" : "interrupted") << " at step " << step << "; state saved to "
          << state_path.string() << " (continue with --resume)\n";
      summary.next_step = step;
      break;
    }

    batcher->sample(rng, windows);
    prepared.prepare(state.weights.values.data());
    const bool last = step == recipe.steps;
    const double loss = last ? engine.loss(prepared, windows)
                             : engine.loss_and_gradient(prepared, windows, grads.data());
    if (!std::isfinite(loss))
      return fail("the training loss is not finite at step " + std::to_string(step) +
                  "; lower --lr or keep --clip on");
    state.loss_ema = kLossSmoothing * state.loss_ema + (1.0 - kLossSmoothing) * loss;
    state.loss_ema_weight = kLossSmoothing * state.loss_ema_weight + (1.0 - kLossSmoothing);
    const double smoothed = state.loss_ema / state.loss_ema_weight;
    summary.last_train_loss_smoothed = smoothed;

    const bool checkpoint = is_checkpoint_step(recipe, step);
    if (checkpoint) {
      CheckpointRecord record;
      record.step = step;
      record.file = checkpoint_file_name(step);
      record.train_loss = loss;
      record.train_loss_smoothed = smoothed;
      if (!val_windows.empty()) {
        record.val_loss = engine.loss(prepared, val_windows);
        summary.last_val_loss = *record.val_loss;
      }
      state.weights.step = step;
      if (auto ok = save_weights(state.weights, recipe.out / record.file, checkpoint_storage(recipe)); !ok)
        return fail(ok.error());
      if (auto ok = record_checkpoint(recipe.out, recipe_json, record); !ok) return fail(ok.error());
    }
    if (last) {
      if (auto ok = save(step + 1, true); !ok) return fail(ok.error());
      summary.next_step = step + 1;
      summary.finished = true;
      break;
    }

    const double grad_norm = clip_by_global_norm(grads.data(), grads.size(), recipe.clip);
    const double lr = learning_rate(schedule, step);
    adam.step(state.weights.values.data(), grads.data(), lr);
    ++summary.steps_run;

    if (checkpoint)  // a kill loses at most the steps since the last checkpoint
      if (auto ok = save(step + 1, false); !ok) return fail(ok.error());

    if (recipe.log_every > 0 && (step + 1) % recipe.log_every == 0) {
      const double elapsed = std::chrono::duration<double>(Clock::now() - loop_started).count();
      const double per_step = elapsed / static_cast<double>(summary.steps_run);
      const double chars_per_s = static_cast<double>(recipe.batch) * kContext / per_step;
      const double left = per_step * static_cast<double>(recipe.steps - step - 1);
      char line[256];
      std::snprintf(line, sizeof line,
                    "step %6lld/%lld  loss %.4f (smoothed %.4f)  lr %.2e  |g| %.3f  %.1f ms/step  "
                    "%.0fk chars/s  %s left\n",
                    static_cast<long long>(step + 1), static_cast<long long>(recipe.steps), loss, smoothed, lr,
                    grad_norm, per_step * 1e3, chars_per_s / 1e3, duration_text(left).c_str());
      log << line << std::flush;
    }
  }

  summary.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  if (summary.finished) {
    const double loop_seconds = std::chrono::duration<double>(Clock::now() - loop_started).count();
    const double per_step = summary.steps_run > 0 ? loop_seconds / static_cast<double>(summary.steps_run) : 0.0;
    char line[256];
    std::snprintf(line, sizeof line,
                  "done: %lld steps in %s (%.1f ms/step, %.0fk chars/s); smoothed train loss %.4f, "
                  "val loss %.4f nats/char\n",
                  static_cast<long long>(summary.steps_run), duration_text(loop_seconds).c_str(), per_step * 1e3,
                  per_step > 0 ? recipe.batch * kContext / per_step / 1e3 : 0.0, summary.last_train_loss_smoothed,
                  summary.last_val_loss);
    log << line;
  }
  return summary;
}

}  // namespace am::train

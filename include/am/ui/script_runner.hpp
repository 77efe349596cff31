// Runs a parsed script over an AppState, one command per call, so the window can
// run it frame by frame and a headless test can run it with a fake engine.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "am/core/result.hpp"
#include "am/model/activations.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/nearest_step.hpp"
#include "am/ui/app_state.hpp"
#include "am/ui/chapter.hpp"
#include "am/ui/script.hpp"

namespace am::ui {

// What a script needs from the program around it. The window implements it with the
// real weights and renderer; tests implement it with random weights and no GL.
class Engine {
 public:
  virtual ~Engine() = default;
  // Steps of the checkpoints that can be loaded, sorted ascending (never empty).
  virtual const std::vector<std::int64_t>& checkpoint_steps() const = 0;
  // The checkpoint is an argument, never engine state: the caller's AppState::step owns it.
  // `step` is one of checkpoint_steps() (another value reads the nearest checkpoint).
  // The forward pass of that checkpoint over `ids` (at most kContext).
  virtual Activations forward(std::int64_t step, std::span<const int> ids, const HeadMask& pulled) = 0;
  // Writes `count` characters after `ids`, one at a time with the KV cache.
  virtual Result<Generation> generate(std::int64_t step, std::span<const int> ids, const HeadMask& pulled,
                                      int count, const WriteSettings& how) = 0;
  // Renders the current state to a PNG.
  virtual Status screenshot(const std::filesystem::path& path) = 0;
  // Accuracy on the repeated-nonsense set with these heads pulled, at `step`;
  // nullopt when the engine cannot compute it.
  virtual std::optional<double> nonsense_accuracy(std::int64_t step, const HeadMask& pulled) = 0;
  // What entering a chapter may read (lifted heads come from the analysis; the weights are
  // the checkpoint at state.step); may hold nulls.
  virtual ChapterContext chapter_context(const AppState& state) = 0;
  // A script's "train" line; engines without a trainer refuse it.
  virtual Status start_training(const ScriptCommand&) { return fail("training is not available here"); }
  // True while a run (or its analysis) is going on: "wait-training" holds the script.
  virtual bool training_busy() const { return false; }
  // key, focus, resize and dump act on the window; an engine without one says so.
  virtual Status window_command(const ScriptCommand& command) {
    return fail(std::string("'") + command_name(command.kind) + "' needs the window; this run has none");
  }
};

class ScriptRunner {
 public:
  enum class Outcome { kRan, kFinished, kFailed };

  explicit ScriptRunner(Script script);
  // Seconds on a steady clock: "wait" holds the script until it has moved on by the
  // asked time. Real time by default; tests give their own.
  void set_clock(std::function<double()> clock) { clock_ = std::move(clock); }

  // Runs the next command, or, while a "wait" lasts, nothing (kRan). kFinished once
  // every command has run and the last wait is over; kFailed (and error()) when one
  // could not be carried out; later calls return the same.
  Outcome step(AppState& state, Engine& engine);
  // Runs to the end (headless use; waits pass at once).
  Outcome run_all(AppState& state, Engine& engine);

  bool done() const { return failed_ || (next_ >= script_.commands.size() && !waiting_); }
  bool waiting() const { return waiting_; }
  bool failed() const { return failed_; }
  const std::string& error() const { return error_; }
  std::size_t next_index() const { return next_; }
  const Script& script() const { return script_; }

 private:
  Status execute(const ScriptCommand& command, AppState& state, Engine& engine);
  Script script_;
  std::function<double()> clock_;
  bool waiting_ = false;
  bool no_waits_ = false;
  double resume_at_ = 0.0;
  std::size_t next_ = 0;
  bool failed_ = false;
  std::string error_;
};

}  // namespace am::ui

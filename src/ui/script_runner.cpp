#include "am/ui/script_runner.hpp"
#include "am/ui/tracing_state.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "am/model/runs_index.hpp"
#include "am/model/weights_dir.hpp"
#include "am/ui/beats.hpp"
#include "am/ui/chapters.hpp"

namespace am::ui {

namespace {

Status run_generate(const ScriptCommand& c, AppState& state, Engine& engine) {
  const std::vector<int> ids = read_ids(state);
  if (ids.empty()) return fail("'generate' needs some text to continue");
  state.write = {c.temperature, c.seed};
  auto generated = engine.generate(state.step, ids, state.pulled, static_cast<int>(c.number), state.write);
  if (!generated) return fail(generated.error());
  state.generated = std::move(*generated);
  return Ok{};
}

// "reveal": answers the chapter's open question (the first choice, when none was picked).
Status run_reveal(AppState& state) {
  if (!question_open(state))
    return fail("chapter " + std::to_string(state.chapter) + " has no open question");
  if (state.predict.chapter != state.chapter) state.predict = PredictState{.chapter = state.chapter};
  if (state.predict.choice < 0) state.predict.choice = 0;
  state.predict.revealed = true;
  return Ok{};
}

// "play", "pause" and "beat N": the chapter's step player.
Status run_beat_command(const ScriptCommand& c, AppState& state) {
  const int count = beat_count(state);
  if (count == 0)
    return fail(chapter_beats(state.chapter) ? "there is no text to compute"
                                             : "this chapter has no beats to play");
  if (state.beat.chapter != state.chapter)
    state.beat = BeatPlayer{.chapter = state.chapter, .speed = state.beat.speed};
  if (c.kind == CommandKind::kPlay) play_beats(state.beat, count);
  if (c.kind == CommandKind::kPause) state.beat.playing = false;
  if (c.kind == CommandKind::kBeat) {
    if (c.number >= count)
      return fail("chapter " + std::to_string(state.chapter) + " has " + std::to_string(count) +
                  " beats (0 to " + std::to_string(count - 1) + ")");
    jump_to_beat(state.beat, static_cast<int>(c.number), count);
  }
  return Ok{};
}

}  // namespace

ScriptRunner::ScriptRunner(Script script)
    : script_(std::move(script)), clock_([] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
      }) {}

Status ScriptRunner::execute(const ScriptCommand& c, AppState& state, Engine& engine) {
  const std::vector<std::int64_t>& steps = engine.checkpoint_steps();
  if (steps.empty()) return fail("no checkpoints are loaded");
  switch (c.kind) {
    case CommandKind::kChapter: {
      const Chapter* chapter = find_chapter(static_cast<int>(c.number));
      if (!chapter) return fail("there is no chapter " + std::to_string(c.number));
      enter_chapter(state, *chapter, engine.chapter_context(state), steps);
      return Ok{};
    }
    case CommandKind::kText:
      set_text(state, c.text);
      state.own_text = true;
      clear_written(state);
      return Ok{};
    case CommandKind::kStep: {
      const std::int64_t snapped = nearest_step(steps, c.number);
      state.step = snapped;
      if (snapped != c.number)
        set_status(state, "step " + std::to_string(c.number) + " is not a checkpoint; showing step " +
                              std::to_string(snapped));
      return Ok{};
    }
    case CommandKind::kPull:
    case CommandKind::kPush:
      set_pulled(state, c.layer, c.head, c.kind == CommandKind::kPull);
      return Ok{};
    case CommandKind::kSelect:
      return select_position(state, static_cast<int>(c.number - 1));
    case CommandKind::kHead:
      select_head(state, c.layer, c.head);
      return Ok{};
    case CommandKind::kGenerate:
      return run_generate(c, state, engine);
    case CommandKind::kScreenshot:
      return engine.screenshot(c.text);
    case CommandKind::kTrain:
      return engine.start_training(c);
    case CommandKind::kWaitTraining:
      return Ok{};  // step() holds this line while the engine is busy
    case CommandKind::kWait:
      if (!no_waits_) {
        waiting_ = true;
        resume_at_ = clock_() + static_cast<double>(c.number) / 1000.0;
      }
      return Ok{};
    case CommandKind::kKey:
    case CommandKind::kFocus:
    case CommandKind::kResize:
    case CommandKind::kDump:
    case CommandKind::kOpen:
    case CommandKind::kSaveView:
      return engine.window_command(c);
    case CommandKind::kReveal:
      return run_reveal(state);
    case CommandKind::kPlay:
    case CommandKind::kPause:
    case CommandKind::kBeat:
      return run_beat_command(c, state);
    case CommandKind::kRun: {
      // the session swaps the engine before the next command runs
      if (std::find(state.run_names.begin(), state.run_names.end(), c.text) == state.run_names.end())
        return fail(no_run_named(c.text, state.run_names));
      state.requested_run = c.text;
      return Ok{};
    }
    case CommandKind::kAttribute:
      set_tracing_target(state, static_cast<int>(c.number));
      return Ok{};
    case CommandKind::kCorrupt:
      return set_corruption(state, c.text);
  }
  return fail("unhandled command");
}

ScriptRunner::Outcome ScriptRunner::step(AppState& state, Engine& engine) {
  if (failed_) return Outcome::kFailed;
  if (waiting_) {
    if (clock_() < resume_at_) return Outcome::kRan;
    waiting_ = false;
  }
  if (next_ >= script_.commands.size()) return Outcome::kFinished;
  const ScriptCommand& c = script_.commands[next_];
  // The window keeps drawing frames while a run goes on; the script waits on this line.
  if (c.kind == CommandKind::kWaitTraining && engine.training_busy()) return Outcome::kRan;
  const Status status = execute(c, state, engine);
  if (!status) {
    failed_ = true;
    error_ =
        script_.label + ":" + std::to_string(c.line) + ": " + command_name(c.kind) + ": " + status.error();
    set_status(state, error_, true);
    return Outcome::kFailed;
  }
  ++next_;
  return Outcome::kRan;
}

ScriptRunner::Outcome ScriptRunner::run_all(AppState& state, Engine& engine) {
  no_waits_ = true;
  for (;;) {
    if (!done() && script_.commands[next_].kind == CommandKind::kWaitTraining && engine.training_busy())
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const Outcome o = step(state, engine);
    if (o != Outcome::kRan) return o;
  }
}

}  // namespace am::ui

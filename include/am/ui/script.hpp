// Replaying user actions from a text file, one per line:
//   chapter 9 | text qzxv kplw qzxv kp | step 1500 | pull L2H4 | push L2H4 |
//   select 16 (one-based query position) | head L1H4 | generate 20 | screenshot out.png |
//   generate 20 temperature 0.8 seed 3 | run plain | attribute l | corrupt auto | play | pause |
//   beat 3 (0-based, its end state)
// and, for the window: key Right (a press and its release, within one frame; also F1,
// Space, Ctrl+S, ...) | wait 1500 (let frames run for that many milliseconds of real
// time) | focus text (the text box takes the keyboard) | resize 1920x1080 | dump out.json |
// open view.json (a saved view or a lesson) | save-view view.json
// Blank lines and lines starting with '#' are skipped. Any other line that does not
// parse stops the script with "LABEL:LINE: message".
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "am/core/result.hpp"

namespace am::ui {

enum class CommandKind {
  kChapter, kText, kStep, kPull, kPush, kSelect, kHead, kGenerate, kScreenshot,
  kKey, kWait, kFocus, kResize, kDump, kRun,
  kTrain,         // train PRESET [steps N] [corpus PATH] [seed N] [name NAME] | train continue NAME
  kWaitTraining,  // waits (frame after frame) until the run and its analysis are done
  kAttribute,     // attribute CHAR|top|space: the character whose score is explained
  kCorrupt,       // corrupt TEXT|auto: the text patching compares with
  kOpen,          // open FILE: a saved view or a lesson
  kSaveView,      // save-view FILE: the view now
  kPlay, kPause,  // the chapter's beats play from where they are, or stop
  kBeat,          // beat N (0-based): its end state
  kReveal,        // reveal: the chapter's question is answered (as the Reveal button)
};
const char* command_name(CommandKind kind);

struct ScriptCommand {
  CommandKind kind = CommandKind::kChapter;
  int line = 0;               // one-based line in the file
  std::int64_t number = 0;    // chapter, step, one-based position, character count, key code, milliseconds
  int layer = -1, head = -1;  // zero-based (pull, push, head)
  int mods = 0;               // key: modifier bits
  int width = 0, height = 0;  // resize
  std::string text;           // text to read, screenshot or dump path, key name, focus target, run name, training preset
  float temperature = 0.0f;   // generate: 0 = greedy
  std::uint64_t seed = 0;     // generate
  std::string path;           // train: a learner's corpus file or folder ("" = the novels)
  std::string name;           // train: the run's name ("" = chosen by the app)
  std::optional<std::uint64_t> train_seed;  // train
};

struct Script {
  std::string label;  // the file name used in messages
  std::vector<ScriptCommand> commands;
};

inline constexpr int kMaxGenerate = 1000;
inline constexpr int kMaxWaitMs = 600000;
inline constexpr int kMinWindowSide = 64, kMaxWindowSide = 8192;

Result<Script> parse_script(std::string_view source, std::string label);

}  // namespace am::ui

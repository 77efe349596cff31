// Replaying user actions from a text file, one per line:
//   chapter 9 | text qzxv kplw qzxv kp | step 1500 | pull L2H4 | push L2H4 |
//   select 16 (one-based query position) | head L1H4 | generate 20 | screenshot out.png |
//   generate 20 temperature 0.8 seed 3 | run plain
// Blank lines and lines starting with '#' are skipped. Any other line that does not
// parse stops the script with "LABEL:LINE: message".
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "am/model/result.hpp"

namespace am::ui {

enum class CommandKind { kChapter, kText, kStep, kPull, kPush, kSelect, kHead, kGenerate, kScreenshot, kRun };
const char* command_name(CommandKind kind);

struct ScriptCommand {
  CommandKind kind = CommandKind::kChapter;
  int line = 0;               // one-based line in the file
  std::int64_t number = 0;    // chapter, step, one-based position, character count
  int layer = -1, head = -1;  // zero-based (pull, push, head)
  std::string text;           // text to read, screenshot path, or run name
  float temperature = 0.0f;   // generate: 0 = greedy
  std::uint64_t seed = 0;     // generate
};

struct Script {
  std::string label;  // the file name used in messages
  std::vector<ScriptCommand> commands;
};

inline constexpr int kMaxGenerate = 1000;

Result<Script> parse_script(std::string_view source, std::string label);
Result<Script> load_script(const std::filesystem::path& path);

}  // namespace am::ui

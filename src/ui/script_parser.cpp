#include <cctype>
#include <charconv>
#include <sstream>

#include "am/analysis/tracing.hpp"
#include "am/core/named_enum.hpp"
#include "am/model/head_mask.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/input_events.hpp"
#include "am/ui/script.hpp"

namespace am::ui {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// A whole-number argument, or an error message.
Result<std::int64_t> integer_argument(std::string_view word, std::string_view arg, std::int64_t lo, std::int64_t hi) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), value);
  if (arg.empty() || ec != std::errc() || end != arg.data() + arg.size())
    return fail("'" + std::string(word) + "' needs a whole number, got '" + std::string(arg) + "'");
  if (value < lo || value > hi)
    return fail("'" + std::string(word) + "' takes " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " +
                std::to_string(value));
  return value;
}

// "generate N [temperature T] [seed S]"
Result<ScriptCommand> parse_generate(std::string_view arg) {
  ScriptCommand c;
  c.kind = CommandKind::kGenerate;
  std::vector<std::string> words;
  std::istringstream in{std::string(arg)};
  for (std::string w; in >> w;) words.push_back(w);
  if (words.empty()) return fail("'generate' needs a whole number, got ''");
  auto n = integer_argument("generate", words[0], 1, kMaxGenerate);
  if (!n) return fail(n.error());
  c.number = *n;
  for (std::size_t i = 1; i < words.size(); i += 2) {
    if (i + 1 >= words.size()) return fail("'generate': '" + words[i] + "' needs a value");
    const std::string& key = words[i];
    const std::string& value = words[i + 1];
    if (key == "temperature") {
      char* end = nullptr;
      const double t = std::strtod(value.c_str(), &end);
      if (end == value.c_str() || *end != '\0' || !(t >= 0.0 && t <= kMaxTemperature))
        return fail("'generate': temperature takes 0 to " + std::to_string(static_cast<int>(kMaxTemperature)) +
                    ", got '" + value + "'");
      c.temperature = static_cast<float>(t);
    } else if (key == "seed") {
      auto s = integer_argument("seed", value, 0, INT64_MAX);
      if (!s) return fail(s.error());
      c.seed = static_cast<std::uint64_t>(*s);
    } else {
      return fail("'generate' takes 'temperature T' and 'seed S' after the count, got '" + key + "'");
    }
  }
  return c;
}

// Every command's word, in the order the unknown-command message lists them.
constexpr NamedValue<CommandKind> kCommandNames[] = {
    {CommandKind::kChapter, "chapter"},
    {CommandKind::kText, "text"},
    {CommandKind::kStep, "step"},
    {CommandKind::kPull, "pull"},
    {CommandKind::kPush, "push"},
    {CommandKind::kSelect, "select"},
    {CommandKind::kHead, "head"},
    {CommandKind::kGenerate, "generate"},
    {CommandKind::kScreenshot, "screenshot"},
    {CommandKind::kKey, "key"},
    {CommandKind::kWait, "wait"},
    {CommandKind::kFocus, "focus"},
    {CommandKind::kResize, "resize"},
    {CommandKind::kDump, "dump"},
    {CommandKind::kRun, "run"},
    {CommandKind::kTrain, "train"},
    {CommandKind::kWaitTraining, "wait-training"},
    {CommandKind::kAttribute, "attribute"},
    {CommandKind::kCorrupt, "corrupt"},
    {CommandKind::kOpen, "open"},
    {CommandKind::kSaveView, "save-view"},
    {CommandKind::kPlay, "play"},
    {CommandKind::kPause, "pause"},
    {CommandKind::kBeat, "beat"},
    {CommandKind::kReveal, "reveal"},
};

// chapter, step, select, wait, beat: one whole number in the command's range.
Result<ScriptCommand> with_number(ScriptCommand c, std::string_view word, std::string_view arg) {
  std::int64_t lo = 0, hi = INT32_MAX;  // beat
  if (c.kind == CommandKind::kChapter) hi = kChapterCount - 1;
  if (c.kind == CommandKind::kStep) hi = INT64_MAX;
  if (c.kind == CommandKind::kWait) hi = kMaxWaitMs;
  if (c.kind == CommandKind::kSelect) lo = 1;
  auto n = integer_argument(word, arg, lo, hi);
  if (!n) return fail(n.error());
  c.number = *n;
  return c;
}

// pull, push, head: a head name such as L2H4.
Result<ScriptCommand> with_head(ScriptCommand c, std::string_view word, std::string_view arg) {
  if (arg.empty()) return fail("'" + std::string(word) + "' needs a head name such as L2H4");
  auto ref = parse_head_name(arg);
  if (!ref) return fail(ref.error());
  c.layer = (*ref)[0];
  c.head = (*ref)[1];
  return c;
}

// A command whose argument is kept as text (a name, a file); `missing` when there is none.
Result<ScriptCommand> with_text(ScriptCommand c, std::string_view arg, const std::string& missing) {
  if (arg.empty()) return fail(missing);
  c.text = std::string(arg);
  return c;
}

Result<ScriptCommand> without_argument(ScriptCommand c, std::string_view arg, const std::string& message) {
  if (!arg.empty()) return fail(message);
  return c;
}

// train PRESET [steps N] [corpus PATH] [seed N] [name NAME], or train continue NAME.
Result<ScriptCommand> parse_train(ScriptCommand c, std::string_view arg) {
  std::istringstream words{std::string(arg)};
  std::string preset, key, value;
  words >> preset;
  c.text = preset;
  if (preset == "continue") {  // train continue NAME: a run closed mid-way
    if (!(words >> c.name)) return fail("'train continue' needs the run's name");
    std::string extra;
    if (words >> extra) return fail("'train continue NAME' takes nothing more");
    return c;
  }
  if (preset != "shipped" && preset != "plain" && preset != "custom")
    return fail("'train' needs a preset: shipped, plain or custom, or continue NAME (got '" + preset + "')");
  while (words >> key) {
    if (!(words >> value)) return fail("'train': '" + key + "' needs a value");
    if (key == "steps") {
      auto n = integer_argument("train steps", value, 1, INT32_MAX);
      if (!n) return fail(n.error());
      c.number = *n;
    } else if (key == "seed") {
      auto n = integer_argument("train seed", value, 0, INT64_MAX);
      if (!n) return fail(n.error());
      c.train_seed = static_cast<std::uint64_t>(*n);
    } else if (key == "corpus") {
      c.path = value;
    } else if (key == "name") {
      c.name = value;
    } else {
      return fail("'train' takes steps N, corpus PATH, seed N and name NAME (got '" + key + "')");
    }
  }
  return c;
}

Result<ScriptCommand> parse_key(ScriptCommand c, std::string_view arg) {
  if (arg.empty()) return fail("'key' needs a key name, e.g. key Right");
  auto chord = parse_key_chord(arg);
  if (!chord) return fail(chord.error());
  c.number = chord->key;
  c.mods = chord->mods;
  c.text = std::string(arg);
  return c;
}

Result<ScriptCommand> parse_resize(ScriptCommand c, std::string_view word, std::string_view arg) {
  const std::size_t x = arg.find_first_of("xX");
  auto w = integer_argument(word, arg.substr(0, x), kMinWindowSide, kMaxWindowSide);
  auto h = x == std::string_view::npos
               ? w
               : integer_argument(word, arg.substr(x + 1), kMinWindowSide, kMaxWindowSide);
  if (x == std::string_view::npos || !w || !h)
    return fail("'resize' needs WIDTHxHEIGHT, each " + std::to_string(kMinWindowSide) + " to " +
                std::to_string(kMaxWindowSide) + ", e.g. resize 1920x1080; got '" + std::string(arg) + "'");
  c.width = static_cast<int>(*w);
  c.height = static_cast<int>(*h);
  return c;
}

Result<ScriptCommand> parse_attribute(ScriptCommand c, std::string_view arg) {
  auto target = analysis::parse_target_character(arg);  // the character id, -1 for its favourite
  if (!target) return fail("'attribute': " + target.error());
  c.number = *target;
  c.text = std::string(arg);
  return c;
}

Result<ScriptCommand> parse_line(std::string_view line) {
  const std::size_t space = line.find_first_of(" \t");
  const std::string_view word = line.substr(0, space);
  // Everything after the word; for "text" the spacing inside is kept as typed.
  const std::string_view rest = space == std::string_view::npos ? std::string_view{} : line.substr(space + 1);
  const std::string_view arg = trim(rest);
  const auto kind = parse_name(kCommandNames, word);
  if (!kind)
    return fail("unknown command '" + std::string(word) + "' (known: " + names_listed(kCommandNames, ", ") +
                ")");
  ScriptCommand c;
  c.kind = *kind;
  const std::string w(word);
  switch (*kind) {
    case CommandKind::kText:
      c.text = std::string(rest);  // typed text is kept as written, trailing spaces too
      return c;
    case CommandKind::kGenerate:
      return parse_generate(arg);
    case CommandKind::kRun:
      return with_text(c, arg, "'run' needs a run name, e.g. run plain");
    case CommandKind::kPlay:
    case CommandKind::kPause:
      return without_argument(c, arg, "'" + w + "' takes nothing after it");
    case CommandKind::kChapter:
    case CommandKind::kStep:
    case CommandKind::kSelect:
    case CommandKind::kWait:
    case CommandKind::kBeat:
      return with_number(c, word, arg);
    case CommandKind::kPull:
    case CommandKind::kPush:
    case CommandKind::kHead:
      return with_head(c, word, arg);
    case CommandKind::kTrain:
      return parse_train(c, arg);
    case CommandKind::kWaitTraining:
      return without_argument(c, arg, "'wait-training' takes no argument");
    case CommandKind::kScreenshot:
      return with_text(c, arg, "'screenshot' needs a file name, e.g. screenshot out.png");
    case CommandKind::kKey:
      return parse_key(c, arg);
    case CommandKind::kFocus:
      if (arg != "text") return fail("'focus' takes 'text' (the text box), got '" + std::string(arg) + "'");
      c.text = std::string(arg);
      return c;
    case CommandKind::kResize:
      return parse_resize(c, word, arg);
    case CommandKind::kOpen:
    case CommandKind::kSaveView:
      return with_text(c, arg, "'" + w + "' needs a file name, e.g. " + w + " view.json");
    case CommandKind::kAttribute:
      return parse_attribute(c, arg);
    case CommandKind::kReveal:
      return without_argument(c, arg, "'reveal' takes no argument");
    case CommandKind::kCorrupt:
      return with_text(c, arg, "'corrupt' needs a text as long as the text read, or 'auto'");
    case CommandKind::kDump:
      return with_text(c, arg, "'dump' needs a file name, e.g. dump state.json");
  }
  return fail("unknown command '" + w + "'");
}

}  // namespace

const char* command_name(CommandKind kind) { return name_of(kCommandNames, kind); }

Result<Script> parse_script(std::string_view source, std::string label) {
  Script script;
  script.label = std::move(label);
  int number = 0;
  std::size_t start = 0;
  while (start <= source.size()) {
    std::size_t end = source.find('\n', start);
    if (end == std::string_view::npos) end = source.size();
    std::string_view line = source.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++number;
    start = end + 1;
    // Leading spaces are dropped; trailing ones matter only to "text" and are kept there.
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front()))) line.remove_prefix(1);
    if (trim(line).empty() || line.front() == '#') continue;
    auto command = parse_line(line);
    if (!command) return fail(script.label + ":" + std::to_string(number) + ": " + command.error());
    command->line = number;
    script.commands.push_back(std::move(*command));
  }
  return script;
}

}  // namespace am::ui

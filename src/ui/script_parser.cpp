#include <cctype>
#include <charconv>
#include <fstream>
#include <sstream>

#include "am/analysis/tracing.hpp"
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

Result<ScriptCommand> parse_line(std::string_view line) {
  const std::size_t space = line.find_first_of(" \t");
  const std::string_view word = line.substr(0, space);
  // Everything after the word; for "text" the spacing inside is kept as typed.
  const std::string_view rest = space == std::string_view::npos ? std::string_view{} : line.substr(space + 1);
  const std::string_view arg = trim(rest);
  ScriptCommand c;
  if (word == "text") {
    c.kind = CommandKind::kText;
    c.text = std::string(rest);  // typed text is kept as written, trailing spaces too
    return c;
  }
  if (word == "generate") return parse_generate(arg);
  if (word == "run") {
    c.kind = CommandKind::kRun;
    if (arg.empty()) return fail("'run' needs a run name, e.g. run plain");
    c.text = std::string(arg);
    return c;
  }
  if (word == "play" || word == "pause") {
    if (!arg.empty()) return fail("'" + std::string(word) + "' takes nothing after it");
    c.kind = word == "play" ? CommandKind::kPlay : CommandKind::kPause;
    return c;
  }
  if (word == "beat") {
    c.kind = CommandKind::kBeat;
    auto n = integer_argument(word, arg, 0, INT32_MAX);
    if (!n) return fail(n.error());
    c.number = *n;
    return c;
  }
  if (word == "chapter" || word == "step" || word == "select" || word == "wait") {
    std::int64_t lo = 0, hi = 0;
    if (word == "chapter") {
      c.kind = CommandKind::kChapter;
      hi = kChapterCount - 1;
    } else if (word == "step") {
      c.kind = CommandKind::kStep;
      hi = INT64_MAX;
    } else if (word == "wait") {
      c.kind = CommandKind::kWait;
      hi = kMaxWaitMs;
    } else {
      c.kind = CommandKind::kSelect;
      lo = 1;
      hi = INT32_MAX;
    }
    auto n = integer_argument(word, arg, lo, hi);
    if (!n) return fail(n.error());
    c.number = *n;
    return c;
  }
  if (word == "pull" || word == "push" || word == "head") {
    c.kind = word == "pull" ? CommandKind::kPull : (word == "push" ? CommandKind::kPush : CommandKind::kHead);
    if (arg.empty()) return fail("'" + std::string(word) + "' needs a head name such as L2H4");
    auto ref = parse_head_name(arg);
    if (!ref) return fail(ref.error());
    c.layer = (*ref)[0];
    c.head = (*ref)[1];
    return c;
  }
  if (word == "train") {
    // train PRESET [steps N] [corpus PATH] [seed N] [name NAME]
    c.kind = CommandKind::kTrain;
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
  if (word == "wait-training") {
    if (!arg.empty()) return fail("'wait-training' takes no argument");
    c.kind = CommandKind::kWaitTraining;
    return c;
  }
  if (word == "screenshot") {
    c.kind = CommandKind::kScreenshot;
    if (arg.empty()) return fail("'screenshot' needs a file name, e.g. screenshot out.png");
    c.text = std::string(arg);
    return c;
  }
  if (word == "key") {
    c.kind = CommandKind::kKey;
    if (arg.empty()) return fail("'key' needs a key name, e.g. key Right");
    auto chord = parse_key_chord(arg);
    if (!chord) return fail(chord.error());
    c.number = chord->key;
    c.mods = chord->mods;
    c.text = std::string(arg);
    return c;
  }
  if (word == "focus") {
    c.kind = CommandKind::kFocus;
    if (arg != "text") return fail("'focus' takes 'text' (the text box), got '" + std::string(arg) + "'");
    c.text = std::string(arg);
    return c;
  }
  if (word == "resize") {
    c.kind = CommandKind::kResize;
    const std::size_t x = arg.find_first_of("xX");
    auto w = integer_argument(word, arg.substr(0, x), kMinWindowSide, kMaxWindowSide);
    auto h = x == std::string_view::npos ? w : integer_argument(word, arg.substr(x + 1), kMinWindowSide, kMaxWindowSide);
    if (x == std::string_view::npos || !w || !h)
      return fail("'resize' needs WIDTHxHEIGHT, each " + std::to_string(kMinWindowSide) + " to " +
                  std::to_string(kMaxWindowSide) + ", e.g. resize 1920x1080; got '" + std::string(arg) + "'");
    c.width = static_cast<int>(*w);
    c.height = static_cast<int>(*h);
    return c;
  }
  if (word == "open" || word == "save-view") {
    c.kind = word == "open" ? CommandKind::kOpen : CommandKind::kSaveView;
    if (arg.empty()) return fail("'" + std::string(word) + "' needs a file name, e.g. " + std::string(word) + " view.json");
    c.text = std::string(arg);
    return c;
  }
  if (word == "attribute") {  // number: the character id, -1 for its favourite
    c.kind = CommandKind::kAttribute;
    auto target = analysis::parse_target_character(arg);
    if (!target) return fail("'attribute': " + target.error());
    c.number = *target;
    c.text = std::string(arg);
    return c;
  }
  if (word == "reveal") {
    if (!arg.empty()) return fail("'reveal' takes no argument");
    c.kind = CommandKind::kReveal;
    return c;
  }
  if (word == "corrupt") {
    c.kind = CommandKind::kCorrupt;
    if (arg.empty()) return fail("'corrupt' needs a text as long as the text read, or 'auto'");
    c.text = std::string(arg);
    return c;
  }
  if (word == "dump") {
    c.kind = CommandKind::kDump;
    if (arg.empty()) return fail("'dump' needs a file name, e.g. dump state.json");
    c.text = std::string(arg);
    return c;
  }
  return fail("unknown command '" + std::string(word) +
              "' (known: chapter, text, step, pull, push, select, head, generate, screenshot, key, wait, focus, "
              "resize, dump, run, train, wait-training, attribute, corrupt, open, save-view, play, pause, beat, reveal)");
}

}  // namespace

const char* command_name(CommandKind kind) {
  switch (kind) {
    case CommandKind::kChapter: return "chapter";
    case CommandKind::kText: return "text";
    case CommandKind::kStep: return "step";
    case CommandKind::kPull: return "pull";
    case CommandKind::kPush: return "push";
    case CommandKind::kSelect: return "select";
    case CommandKind::kHead: return "head";
    case CommandKind::kGenerate: return "generate";
    case CommandKind::kScreenshot: return "screenshot";
    case CommandKind::kTrain: return "train";
    case CommandKind::kWaitTraining: return "wait-training";
    case CommandKind::kKey: return "key";
    case CommandKind::kWait: return "wait";
    case CommandKind::kFocus: return "focus";
    case CommandKind::kResize: return "resize";
    case CommandKind::kDump: return "dump";
    case CommandKind::kRun: return "run";
    case CommandKind::kAttribute: return "attribute";
    case CommandKind::kCorrupt: return "corrupt";
    case CommandKind::kOpen: return "open";
    case CommandKind::kSaveView: return "save-view";
    case CommandKind::kPlay: return "play";
    case CommandKind::kPause: return "pause";
    case CommandKind::kBeat: return "beat";
    case CommandKind::kReveal: return "reveal";
  }
  return "?";
}

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

Result<Script> load_script(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot open script " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return fail("cannot read script " + path.string());
  return parse_script(text.str(), path.filename().string());
}

}  // namespace am::ui

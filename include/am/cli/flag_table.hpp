// One table of command-line flags per program: each entry names a flag, its value
// placeholder and help, and binds it to a field of the program's options struct. The
// same table parses argv and writes the help, whose "(default X)" is read from a
// default-constructed struct, so a default is written down once, in the struct.
// The bindings, one per kind of value, are in flag_bindings.hpp.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "am/core/result.hpp"

namespace am::cli {

// A flag's value as the help shows it and callers record it; monostate: none to show.
using FlagValue = std::variant<std::monostate, std::int64_t, std::uint64_t, double, std::string>;

// "9000", "0.5", "1e-8", "cosine"; "" for monostate.
std::string value_text(const FlagValue& value);

// How a flag's text reaches its field. `set` gets the flag as typed ("--steps") for its messages.
template <typename Options>
struct Binding {
  bool takes_value = true;     // false: a switch
  bool refuses_empty = false;  // an empty value counts as a missing one (paths)
  std::string needs;  // what "--x needs ..." asks for when the value is missing; "" = "a value (HINT)"
  std::function<Status(Options&, std::string_view flag, std::string_view text)> set{};
  std::function<FlagValue(const Options&)> value{};  // null: nothing to show (switches)
};

// No per-flag data beyond the table's own.
struct NoTag {};

template <typename Options, typename Tag = NoTag>
struct Flag {
  std::string name;        // without the leading "--"
  std::string value_hint;  // "N", "FILE"; "" for a switch
  std::string help;        // "\n" starts an indented line; "{default}" places the default
  std::string section;     // the help's heading above this flag ("" = none)
  bool hidden = false;     // parsed, but not listed in the help
  bool default_in_help = true;
  Tag tag{};
  Binding<Options> binding;

  Flag& hide() { return hidden = true, *this; }
  // For defaults the help describes in words ("every core").
  Flag& default_not_in_help() { return default_in_help = false, *this; }
  Flag& tagged(Tag t) { return tag = std::move(t), *this; }
  // What callers record for the flag when it is not simply the bound field.
  Flag& valued_by(std::function<FlagValue(const Options&)> f) { return binding.value = std::move(f), *this; }

  std::string dashed() const { return "--" + name; }
  Status apply(Options& options, std::string_view text) const { return binding.set(options, dashed(), text); }
  FlagValue value(const Options& options) const {
    return binding.value ? binding.value(options) : FlagValue{};
  }
};

template <typename Options, typename Tag = NoTag>
class FlagTable {
 public:
  using Entry = Flag<Options, Tag>;

  // Flags added after this are listed under `heading` in the help.
  void section(std::string heading) { section_ = std::move(heading); }
  Entry& add(std::string name, std::string value_hint, std::string help, Binding<Options> binding) {
    Entry& f = flags_.emplace_back();
    f.name = std::move(name);
    f.value_hint = std::move(value_hint);
    f.help = std::move(help);
    f.section = section_;
    f.binding = std::move(binding);
    return f;
  }
  const std::vector<Entry>& flags() const { return flags_; }
  const Entry* find(std::string_view name) const {
    for (const Entry& f : flags_)
      if (f.name == name) return &f;
    return nullptr;
  }

 private:
  std::vector<Entry> flags_;
  std::string section_;
};

// ---- Parsing ----

template <typename Options>
struct Parsed {
  Options options;
  std::set<std::string> given;  // names (without "--") of the flags that appeared
  bool help = false;            // --help or -h appeared
};

struct ParseRules {
  bool each_flag_once = false;  // "--lr is given twice" instead of the last one winning
};

// "--name" or "--name=value"; anything else is refused with a message.
struct FlagWord {
  std::string name;
  std::optional<std::string> inline_value;
};
Result<FlagWord> split_flag_word(std::string_view arg);
bool is_help_word(std::string_view arg);
std::string unknown_flag(std::string_view name);
std::string missing_value(std::string_view dashed, std::string_view needs, std::string_view value_hint);

// Parses args (argv[0] excluded) into `start`: "--flag value", "--flag=value", switches,
// and --help/-h wherever they stand. Fails at the first bad word.
template <typename Options, typename Tag>
Result<Parsed<Options>> parse_flags(const FlagTable<Options, Tag>& table,
                                    const std::vector<std::string>& args, ParseRules rules = {},
                                    Options start = {}) {
  Parsed<Options> out{std::move(start), {}, false};
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (is_help_word(args[i])) {
      out.help = true;
      continue;
    }
    auto word = split_flag_word(args[i]);
    if (!word) return fail(word.error());
    const auto* flag = table.find(word->name);
    if (!flag) return fail(unknown_flag(word->name));
    if (rules.each_flag_once && out.given.count(flag->name)) return fail(flag->dashed() + " is given twice");
    std::string value;
    if (!flag->binding.takes_value) {
      if (word->inline_value) return fail(flag->dashed() + " takes no value");
    } else if (word->inline_value) {
      value = *word->inline_value;
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return fail(missing_value(flag->dashed(), flag->binding.needs, flag->value_hint));
    }
    if (flag->binding.refuses_empty && value.empty())
      return fail(missing_value(flag->dashed(), flag->binding.needs, flag->value_hint));
    if (auto ok = flag->apply(out.options, value); !ok) return fail(ok.error());
    out.given.insert(flag->name);
  }
  return out;
}

// ---- Help ----

// "  --left" padded to `column` (or on a line of its own when longer), then the help,
// each further line of it indented to `column`.
std::string help_entry(const std::string& left, std::string_view help, std::size_t column);
// The help with its default placed: at "{default}", else " (default X)" appended.
std::string help_with_default(std::string help, const std::string& default_text);

// Every listed flag in table order, a heading before each new section, a blank line between sections.
template <typename Options, typename Tag>
std::string flag_help(const FlagTable<Options, Tag>& table, std::size_t column,
                      const Options& defaults = {}) {
  std::string out, section;
  for (const auto& f : table.flags()) {
    if (f.hidden) continue;
    if (f.section != section) {
      if (!out.empty()) out += "\n";
      if (!f.section.empty()) out += f.section + "\n";
      section = f.section;
    }
    const std::string left = "  " + f.dashed() + (f.value_hint.empty() ? "" : " " + f.value_hint);
    const std::string shown = f.default_in_help ? value_text(f.value(defaults)) : "";
    out += help_entry(left, help_with_default(f.help, shown), column);
  }
  return out;
}

}  // namespace am::cli

// One table of command-line flags per program: each entry names a flag, its value
// placeholder and help, and binds it to a field of the program's options struct. The
// same table parses argv and writes the help, whose "(default X)" is read from a
// default-constructed struct, so a default is written down once, in the struct.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "am/model/result.hpp"

namespace am::cli {

// A flag's value as the help shows it and callers record it; monostate: none to show.
using FlagValue = std::variant<std::monostate, std::int64_t, std::uint64_t, double, std::string>;

// "9000", "0.5", "1e-8", "cosine"; "" for monostate.
std::string value_text(const FlagValue& value);

// Readers shared by the bindings; each error names the flag ("--steps needs a whole number (got 'x')").
Result<std::int64_t> parse_signed(std::string_view flag, std::string_view text);
Result<std::uint64_t> parse_unsigned(std::string_view flag, std::string_view text);
Result<double> parse_real(std::string_view flag, std::string_view text);  // finite only
// "--steps must be between 1 and 64 (got 0)"; "must be at least 1" when `hi` is "" (no upper end).
std::string out_of_range(std::string_view flag, std::string_view text, const std::string& lo,
                         const std::string& hi);
// A finite real number between lo and hi, each end closed unless said open.
struct Interval {
  double lo, hi;
  bool lo_open = false, hi_open = false;
};
// "--lr must be in (0, 10] (got 0)".
std::string outside(std::string_view flag, std::string_view text, const Interval& range);
// "still, orbit, scrub or ablate".
std::string name_list(const std::vector<std::string>& names);
// "--motion needs still, orbit, scrub or ablate, got 'spin'".
std::string not_one_of(std::string_view flag, std::string_view text, const std::vector<std::string>& names);

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

// ---- Bindings, one per kind of value ----

namespace detail {
template <typename T>
struct OptionalOf {
  using type = T;
};
template <typename T>
struct OptionalOf<std::optional<T>> {
  using type = T;
};
template <typename T>
FlagValue to_value(const T& v) {
  if constexpr (std::is_same_v<T, bool>)
    return FlagValue{};
  else if constexpr (std::is_floating_point_v<T>)
    return static_cast<double>(v);
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
    return static_cast<std::int64_t>(v);
  else if constexpr (std::is_integral_v<T>)
    return static_cast<std::uint64_t>(v);
  else if constexpr (std::is_same_v<T, std::filesystem::path>)
    return v.string();
  else
    return std::string(v);
}
// The field's value, or none when an optional field is unset.
template <typename Field>
FlagValue field_value(const Field& f) {
  if constexpr (std::is_same_v<Field, typename OptionalOf<Field>::type>)
    return to_value(f);
  else
    return f ? to_value(*f) : FlagValue{};
}
template <typename Options, typename Field>
std::function<FlagValue(const Options&)> reads(Field Options::*field) {
  return [field](const Options& o) { return field_value(o.*field); };
}
}  // namespace detail

// A switch: present means true.
template <typename Options>
Binding<Options> switch_on(bool Options::*field) {
  Binding<Options> b;
  b.takes_value = false;
  b.set = [field](Options& o, std::string_view, std::string_view) -> Status {
    o.*field = true;
    return Ok{};
  };
  return b;
}

// A whole number in [lo, hi]; the field may be an optional.
template <typename Options, typename Field, typename T = typename detail::OptionalOf<Field>::type>
Binding<Options> whole_number(Field Options::*field, std::type_identity_t<T> lo,
                              std::type_identity_t<T> hi = std::numeric_limits<T>::max()) {
  static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>);
  const bool bounded = hi != std::numeric_limits<T>::max();
  std::string needs = "a whole number";
  if (bounded) needs += " from " + std::to_string(lo) + " to " + std::to_string(hi);
  Binding<Options> b;
  b.needs = std::move(needs);
  b.set = [=](Options& o, std::string_view flag, std::string_view text) -> Status {
    auto v = [&] {
      if constexpr (std::is_signed_v<T>)
        return parse_signed(flag, text);
      else
        return parse_unsigned(flag, text);
    }();
    if (!v) return fail(v.error());
    using Wide = std::remove_cvref_t<decltype(*v)>;
    if (*v < static_cast<Wide>(lo) || *v > static_cast<Wide>(hi))
      return fail(out_of_range(flag, text, std::to_string(lo), bounded ? std::to_string(hi) : ""));
    o.*field = static_cast<T>(*v);
    return Ok{};
  };
  b.value = detail::reads(field);
  return b;
}

template <typename Options, typename Field>
Binding<Options> real_number(Field Options::*field, Interval range) {
  Binding<Options> b;
  b.set = [=](Options& o, std::string_view flag, std::string_view text) -> Status {
    auto v = parse_real(flag, text);
    if (!v) return fail(v.error());
    const bool low_ok = range.lo_open ? *v > range.lo : *v >= range.lo;
    const bool high_ok = range.hi_open ? *v < range.hi : *v <= range.hi;
    if (!low_ok || !high_ok) return fail(outside(flag, text, range));
    o.*field = *v;
    return Ok{};
  };
  b.value = detail::reads(field);
  return b;
}

// Any text, empty included; the field may be an optional.
template <typename Options, typename Field>
Binding<Options> text(Field Options::*field) {
  Binding<Options> b;
  b.set = [field](Options& o, std::string_view, std::string_view t) -> Status {
    o.*field = std::string(t);
    return Ok{};
  };
  b.value = detail::reads(field);
  return b;
}

// A file or folder name (not empty); the field may be an optional.
template <typename Options, typename Field>
Binding<Options> path(Field Options::*field) {
  Binding<Options> b = text(field);  // a path is assigned from its text
  b.refuses_empty = true;
  return b;
}

// One of a few names, each standing for a value of the field (which may be an optional).
template <typename Options, typename Field, typename T = typename detail::OptionalOf<Field>::type>
Binding<Options> one_of(Field Options::*field, std::vector<std::pair<std::string, T>> choices) {
  std::vector<std::string> names;
  for (const auto& c : choices) names.push_back(c.first);
  const auto name_of = [choices](const T& v) -> FlagValue {
    for (const auto& [name, value] : choices)
      if (value == v) return name;
    return FlagValue{};
  };
  Binding<Options> b;
  b.needs = name_list(names);
  b.set = [=](Options& o, std::string_view flag, std::string_view t) -> Status {
    for (const auto& [name, value] : choices)
      if (name == t) {
        o.*field = value;
        return Ok{};
      }
    return fail(not_one_of(flag, t, names));
  };
  b.value = [=](const Options& o) -> FlagValue {
    const Field& f = o.*field;
    if constexpr (std::is_same_v<Field, T>)
      return name_of(f);
    else
      return f ? name_of(*f) : FlagValue{};
  };
  return b;
}

// A value read by the caller's parser (whose messages name the flag) and shown by its namer.
template <typename Options, typename T>
Binding<Options> parsed_by(T Options::*field, Result<T> (*parse)(std::string_view), std::string (*name)(T)) {
  Binding<Options> b;
  b.set = [=](Options& o, std::string_view, std::string_view t) -> Status {
    auto v = parse(t);
    if (!v) return fail(v.error());
    o.*field = *v;
    return Ok{};
  };
  b.value = [=](const Options& o) -> FlagValue { return name(o.*field); };
  return b;
}

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

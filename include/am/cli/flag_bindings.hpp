// The bindings of a flag table: how a flag's text is read into a field of the options
// struct, one per kind of value (switch, whole number, real number, text, path, one of
// a few names, or the caller's own parser), and how the field's value is shown.
#pragma once

#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "am/cli/flag_table.hpp"

namespace am::cli {

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

}  // namespace am::cli

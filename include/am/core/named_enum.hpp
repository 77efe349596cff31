// One table per enum for its names: an enum's words (in a file, a script, a flag) used
// to be written once as a switch for the name and again as an if-chain for the parse, and
// the two could drift. Now each is a single array of {value, name} pairs read both ways.
// A value may appear twice (an alias such as "const" and "constant"): the first entry is
// its name, every entry parses.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace am {

template <typename E>
struct NamedValue {
  E value;
  const char* name;
};

// The first name of `value` in `table`, or `missing` when the table lacks it.
template <typename E, std::size_t N>
constexpr const char* name_of(const NamedValue<E> (&table)[N], E value, const char* missing = "?") {
  for (const NamedValue<E>& e : table)
    if (e.value == value) return e.name;
  return missing;
}

// The value called `name` (exact spelling), or nullopt.
template <typename E, std::size_t N>
constexpr std::optional<E> parse_name(const NamedValue<E> (&table)[N], std::string_view name) {
  for (const NamedValue<E>& e : table)
    if (name == e.name) return e.value;
  return std::nullopt;
}

namespace detail {
// Whether entry i is its value's first (its name), not an alias.
template <typename E, std::size_t N>
constexpr bool first_of_value(const NamedValue<E> (&table)[N], std::size_t i) {
  for (std::size_t j = 0; j < i; ++j)
    if (table[j].value == table[i].value) return false;
  return true;
}
}  // namespace detail

// The names for a message, aliases left out: "all, matrices or none" (last = " or ").
template <typename E, std::size_t N>
std::string names_listed(const NamedValue<E> (&table)[N], std::string_view last = " or ",
                         std::string_view between = ", ") {
  std::size_t count = 0;
  for (std::size_t i = 0; i < N; ++i) count += detail::first_of_value(table, i) ? 1 : 0;
  std::string out;
  std::size_t listed = 0;
  for (std::size_t i = 0; i < N; ++i) {
    if (!detail::first_of_value(table, i)) continue;
    if (listed > 0) out += listed + 1 == count ? last : between;
    out += table[i].name;
    ++listed;
  }
  return out;
}

}  // namespace am

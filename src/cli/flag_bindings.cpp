#include "am/cli/flag_bindings.hpp"

#include <charconv>
#include <cmath>
#include <sstream>

namespace am::cli {
namespace {

template <typename T>
Result<T> parse_whole(std::string_view flag, std::string_view text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    return fail(std::string(flag) + " needs a whole number (got '" + std::string(text) + "')");
  return value;
}

}  // namespace

Result<std::int64_t> parse_signed(std::string_view flag, std::string_view text) {
  return parse_whole<std::int64_t>(flag, text);
}

Result<std::uint64_t> parse_unsigned(std::string_view flag, std::string_view text) {
  return parse_whole<std::uint64_t>(flag, text);
}

Result<double> parse_real(std::string_view flag, std::string_view text) {
  double value = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    return fail(std::string(flag) + " needs a number (got '" + std::string(text) + "')");
  return value;
}

std::string out_of_range(std::string_view flag, std::string_view text, const std::string& lo,
                         const std::string& hi) {
  const std::string range = hi.empty() ? "be at least " + lo : "be between " + lo + " and " + hi;
  return std::string(flag) + " must " + range + " (got " + std::string(text) + ")";
}

std::string outside(std::string_view flag, std::string_view text, const Interval& range) {
  std::ostringstream out;
  out << flag << " must be in " << (range.lo_open ? "(" : "[") << range.lo << ", " << range.hi
      << (range.hi_open ? ")" : "]") << " (got " << text << ")";
  return out.str();
}

std::string name_list(const std::vector<std::string>& names) {
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i)
    list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return list;
}

std::string not_one_of(std::string_view flag, std::string_view text, const std::vector<std::string>& names) {
  return std::string(flag) + " needs " + name_list(names) + ", got '" + std::string(text) + "'";
}

}  // namespace am::cli

#include "am/cli/flag_table.hpp"

#include <charconv>

namespace am::cli {
namespace {

// "1e-08" -> "1e-8", "1e+06" -> "1e6": the exponent as a person writes it.
std::string plain_exponent(std::string s) {
  const auto e = s.find('e');
  if (e == std::string::npos) return s;
  std::string exponent = s.substr(e + 1);
  const bool negative = !exponent.empty() && exponent[0] == '-';
  if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.erase(0, 1);
  while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
  return s.substr(0, e + 1) + (negative ? "-" : "") + exponent;
}

}  // namespace

std::string value_text(const FlagValue& value) {
  struct Visit {
    std::string operator()(std::monostate) const { return ""; }
    std::string operator()(std::int64_t v) const { return std::to_string(v); }
    std::string operator()(std::uint64_t v) const { return std::to_string(v); }
    std::string operator()(const std::string& v) const { return v; }
    std::string operator()(double v) const {
      char buf[64];
      const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);  // shortest that reads back
      return ec == std::errc() ? plain_exponent(std::string(buf, end)) : std::string("?");
    }
  };
  return std::visit(Visit{}, value);
}

bool is_help_word(std::string_view arg) { return arg == "--help" || arg == "-h"; }

Result<FlagWord> split_flag_word(std::string_view arg) {
  if (!arg.starts_with("--") || arg.size() == 2)
    return fail("unexpected argument '" + std::string(arg) + "' (flags start with --; see --help)");
  arg.remove_prefix(2);
  FlagWord word;
  if (const auto eq = arg.find('='); eq != std::string_view::npos) {
    word.inline_value = std::string(arg.substr(eq + 1));
    arg = arg.substr(0, eq);
  }
  word.name = std::string(arg);
  return word;
}

std::string unknown_flag(std::string_view name) {
  return "unknown flag --" + std::string(name) + " (see --help)";
}

std::string missing_value(std::string_view dashed, std::string_view needs, std::string_view value_hint) {
  const std::string what = needs.empty() ? "a value (" + std::string(value_hint) + ")" : std::string(needs);
  return std::string(dashed) + " needs " + what;
}

std::string help_entry(const std::string& left, std::string_view help, std::size_t column) {
  const std::string indent(column, ' ');
  std::string out =
      left.size() < column ? left + std::string(column - left.size(), ' ') : left + "\n" + indent;
  for (const char c : help) out += c == '\n' ? "\n" + indent : std::string(1, c);
  return out + "\n";
}

std::string help_with_default(std::string help, const std::string& default_text) {
  static constexpr std::string_view kPlace = "{default}";
  if (const auto at = help.find(kPlace); at != std::string::npos)
    return help.replace(at, kPlace.size(), default_text);
  return default_text.empty() ? help : help + " (default " + default_text + ")";
}

}  // namespace am::cli

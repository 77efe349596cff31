#include "am/ui/text_format.hpp"

#include <cmath>
#include <cstdio>

namespace am::ui {
namespace {

// "4.0" -> "4", "4.7" stays: whole numbers read better without a trailing ".0".
std::string trim_point_zero(std::string s) {
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

std::string scaled(double value, double unit, const char* word) {
  return trim_point_zero(fmt_fixed(value / unit, 1)) + kUnitSpace + word;
}

}  // namespace

std::string fmt_int(std::int64_t value) {
  const bool negative = value < 0;
  std::string digits = std::to_string(negative ? -value : value);
  std::string out;
  const std::size_t n = digits.size();
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(digits[i]);
    const std::size_t left = n - 1 - i;
    if (left > 0 && left % 3 == 0) out += kThousands;
  }
  return negative ? "-" + out : out;
}

std::string fmt_count(std::int64_t n, std::string_view one, std::string_view many) {
  return fmt_int(n) + " " + std::string(n == 1 ? one : many);
}

std::string fmt_fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  std::string s = buffer;
  if (s == "-0" || s.rfind("-0.", 0) == 0) {
    // "-0.00" reads as a sign error; a value that rounds to zero has no sign.
    bool all_zero = true;
    for (char c : s) all_zero = all_zero && (c == '-' || c == '0' || c == '.');
    if (all_zero) s.erase(0, 1);
  }
  return s;
}

std::string fmt_percent(double fraction, int decimals) {
  // A share that is neither none nor all never prints as "0 %" or "100 %".
  if (fraction > 0.0 && fraction < 0.001) return "<" + std::string(kUnitSpace) + "0.1" + kUnitSpace + "%";
  if (fraction > 0.999 && fraction < 1.0) return ">" + std::string(kUnitSpace) + "99.9" + kUnitSpace + "%";
  std::string n = fmt_fixed(fraction * 100.0, decimals);
  // Rounding up to 100 or down to 0 would hide the difference: one more digit shows it.
  if (fraction > 0.0 && fraction < 1.0 && decimals < 1 && (n == "100" || n == "0"))
    n = fmt_fixed(fraction * 100.0, 1);
  return n + kUnitSpace + "%";
}

std::string fmt_probability(double p) { return fmt_percent(p, 0); }

std::vector<std::string> fmt_sum(const std::vector<double>& parts, int decimals) {
  // The fewest extra digits (at most two) with which the printed parts add up to the printed total.
  double total = 0.0;
  for (double v : parts) total += v;
  for (int d = decimals; d <= decimals + 2; ++d) {
    const double unit = std::pow(10.0, -d);
    long long sum = 0;
    for (double v : parts) sum += std::llround(v / unit);
    if (sum == std::llround(total / unit) || d == decimals + 2) {
      std::vector<std::string> out;
      for (double v : parts) out.push_back(fmt_fixed(v, d));
      // At the last resort the total is the sum of the printed parts, so the line still adds up.
      out.push_back(fmt_fixed(static_cast<double>(sum) * unit, d));
      return out;
    }
  }
  return {};
}

std::string fmt_points(double fraction_difference) {
  const std::string n = fmt_fixed(std::fabs(fraction_difference) * 100.0, 0);
  return n + kUnitSpace + (n == "1" ? "point" : "points");
}

std::string fmt_points_between(double from, double to) {
  const long long a = std::llround(from * 100.0), b = std::llround(to * 100.0);
  const long long n = a > b ? a - b : b - a;
  return std::to_string(n) + kUnitSpace + (n == 1 ? "point" : "points");
}

std::pair<std::string, std::string> fmt_distinct(double a, double b, int decimals) {
  for (int d = decimals; d < decimals + 3; ++d)
    if (a == b || fmt_fixed(a, d) != fmt_fixed(b, d)) return {fmt_fixed(a, d), fmt_fixed(b, d)};
  return {fmt_fixed(a, decimals + 3), fmt_fixed(b, decimals + 3)};
}

std::string fmt_bytes(double bytes) {
  if (bytes < 1e3) return fmt_int(static_cast<std::int64_t>(std::llround(bytes))) + kUnitSpace + "bytes";
  if (bytes < 1e6) return scaled(bytes, 1e3, "kB");
  if (bytes < 1e9) return scaled(bytes, 1e6, "MB");
  if (bytes < 1e12) return scaled(bytes, 1e9, "GB");
  return scaled(bytes, 1e12, "TB");
}

std::string fmt_large(double value) {
  if (std::fabs(value) >= 1e12) return scaled(value, 1e12, "trillion");
  if (std::fabs(value) >= 1e9) return scaled(value, 1e9, "billion");
  if (std::fabs(value) >= 1e6) return scaled(value, 1e6, "million");
  return fmt_int(static_cast<std::int64_t>(std::llround(value)));
}

std::string fmt_ratio(double value) {
  if (std::fabs(value) >= 1e6) return fmt_large(value);
  if (std::fabs(value) >= 100.0) return fmt_int(static_cast<std::int64_t>(std::llround(value)));
  return trim_point_zero(fmt_fixed(value, 1));
}

std::string quote_char(char c) {
  if (c == ' ') return "the space";
  return std::string("\u201c") + c + "\u201d";
}

std::string path_for_message(const std::string& path, const std::string& home) {
  std::string root = home;
  while (root.size() > 1 && root.back() == '/') root.pop_back();
  if (root.empty() || root == "/" || path.size() <= root.size() + 1) return path;
  if (path.compare(0, root.size(), root) != 0 || path[root.size()] != '/')
    return path;  // "/home/annie" is not in "/home/ann"
  return "~" + path.substr(root.size());
}

std::string join_words(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += (i + 1 == items.size()) ? " and " : ", ";
    out += items[i];
  }
  return out;
}

std::string heads_phrase(const std::vector<int>& one_based_heads) {
  std::vector<std::string> names;
  for (int h : one_based_heads) names.push_back(std::to_string(h));
  return (one_based_heads.size() == 1 ? "head " : "heads ") + join_words(names);
}

}  // namespace am::ui

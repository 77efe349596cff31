// Turning live numbers into the words of a sentence. Every figure a chapter shows
// goes through one of these, so the format is the same everywhere.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace am::ui {

// Numbers never break across a wrapped line: thousands are grouped with a narrow
// no-break space (U+202F) and a no-break space (U+00A0) joins a number to its unit.
inline constexpr const char* kThousands = "\u202f";
inline constexpr const char* kUnitSpace = "\u00a0";

std::string fmt_int(std::int64_t value);            // 27166 -> "27 166" (narrow no-break space)
std::string fmt_count(std::int64_t n, std::string_view one,
                      std::string_view many);       // "1 second", "5 seconds"
std::string fmt_fixed(double value, int decimals);  // 0.8412, 2 -> "0.84"
// 0.84 -> "84 %"; above 0 and below 0.1 %: "< 0.1 %"; above 99.9 % and below 1: "> 99.9 %";
// a share that would round to 0 or 100 gets one decimal. Spaces are no-break.
std::string fmt_percent(double fraction, int decimals = 0);
std::string fmt_probability(double p);  // fmt_percent(p, 0)
// The parts and then their total, printed so the parts visibly add up to the total:
// one or two more decimals when rounding would break the sum.
std::vector<std::string> fmt_sum(const std::vector<double>& parts, int decimals);
// One unit everywhere: losses are stored in nats (natural log) and shown in bits.
inline double nats_to_bits(double nats) { return nats / 0.69314718055994530942; }
std::string fmt_points(double fraction_difference);  // 0.39 -> "39 points"
// The difference of two shares as the reader can check it: each share rounded as
// fmt_percent prints it, then subtracted (0.934 -> 0.254: "93 %", "25 %", "68 points").
std::string fmt_points_between(double from, double to);
// Two figures a sentence calls different, printed with the fewest extra decimals (at most
// three) that make them differ; equal values print alike.
std::pair<std::string, std::string> fmt_distinct(double a, double b, int decimals);
std::string fmt_bytes(double bytes);  // decimal units: "512 bytes", "4.7 MB", "9.7 GB"
std::string fmt_large(double value);  // "175 billion", "2.1 million", "27,166"
std::string fmt_ratio(double value);  // "6.4 million", "4.0", "1,234"
// A character as a reader sees it: “e”, or the word "space".
std::string quote_char(char c);
// A file's path as a message shows it: inside `home` it starts with "~/"
// ("/home/ann/Pictures/a.png", "/home/ann" -> "~/Pictures/a.png"); elsewhere, or with
// no home, the whole path.
std::string path_for_message(const std::string& path, const std::string& home);
// "a", "a and b", "a, b and c"
std::string join_words(const std::vector<std::string>& items);
// Splits a one-based head list into words: {2, 4} -> "heads 2 and 4" / {3} -> "head 3".
std::string heads_phrase(const std::vector<int>& one_based_heads);

}  // namespace am::ui

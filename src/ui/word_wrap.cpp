#include "am/ui/word_wrap.hpp"

namespace am::ui {

std::vector<std::string_view> wrap_words(std::string_view text, float width,
                                         const std::function<float(std::string_view)>& measure) {
  std::vector<std::string_view> lines;
  std::size_t line_start = 0;
  while (line_start <= text.size()) {
    const std::size_t newline = text.find('\n', line_start);
    const std::size_t hard_end = newline == std::string_view::npos ? text.size() : newline;
    // Grow the line word by word while it fits.
    std::size_t end = line_start;  // end of the last word that fits
    std::size_t pos = line_start;
    while (pos < hard_end) {
      std::size_t next = text.find(' ', pos);
      if (next == std::string_view::npos || next > hard_end) next = hard_end;
      if (end > line_start && measure(text.substr(line_start, next - line_start)) > width) break;
      end = next;
      pos = next + 1;
    }
    if (end == line_start && pos >= hard_end) end = hard_end;  // an empty line, or a line that is all one word
    lines.push_back(text.substr(line_start, end - line_start));
    if (end >= hard_end) {
      if (newline == std::string_view::npos) break;
      line_start = newline + 1;
    } else {
      line_start = end + 1;  // skip the space the line broke at
    }
  }
  return lines;
}

namespace {
// The longest run of whole leading words of `text` that fits `width` with "..." after it.
std::string first_words(std::string_view text, float width, const std::function<float(std::string_view)>& measure) {
  std::size_t keep = 0;
  for (std::size_t space = text.find(' ');; space = text.find(' ', space + 1)) {
    const std::size_t end = space == std::string_view::npos ? text.size() : space;
    if (measure(std::string(text.substr(0, end)) + "...") > width) break;
    keep = end;
    if (space == std::string_view::npos) break;
  }
  while (keep > 0 && text[keep - 1] == ' ') --keep;
  return std::string(text.substr(0, keep)) + "...";
}
}  // namespace

OneLine fit_one_line(std::string_view message, const std::vector<std::string>& fields, float width,
                     const std::function<float(std::string_view)>& measure) {
  OneLine line;
  if (measure(message) > width) {
    line.message = first_words(message, width, measure);
    line.shortened = true;
    return line;
  }
  line.message = std::string(message);
  float used = measure(message);
  for (const std::string& field : fields) {
    const bool first = line.fields.empty() && message.empty();
    const std::string piece = (first ? std::string() : std::string(kFieldSeparator)) + field;
    const float piece_width = measure(piece);
    if (used + piece_width > width) {
      line.shortened = true;
      break;
    }
    line.fields += piece;
    used += piece_width;
  }
  return line;
}

}  // namespace am::ui

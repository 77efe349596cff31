#include "beat_common.hpp"

namespace am::ui::beats {

int beat_length(const ChapterContext& c) { return c.acts ? c.acts->length() : 0; }

std::string num(double v) { return fmt_fixed(v, 2); }

std::string char_noun(char c) { return c == ' ' ? "space" : quote_char(c); }

std::string sentence_start(std::string words) {
  if (!words.empty() && words[0] >= 'a' && words[0] <= 'z')
    words[0] = static_cast<char>(words[0] - 'a' + 'A');
  return words;
}

std::string num_length(const std::array<float, kDModel>& stream) {
  return num(vector_length(stream.data(), kDModel));
}

}  // namespace am::ui::beats

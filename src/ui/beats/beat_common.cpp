#include "beat_common.hpp"

#include <algorithm>

namespace am::ui::beats {

int beat_length(const ChapterContext& c) { return c.acts ? c.acts->length() : 0; }

int beat_query(const ChapterContext& c) {
  const int T = beat_length(c);
  if (T == 0) return -1;
  const int q = c.state ? c.state->selected_position : -1;
  return q < 0 || q >= T ? T - 1 : q;
}

char beat_char(const ChapterContext& c, int position) {
  if (!c.state) return '?';
  const std::string text = read_text(*c.state);
  const int T = beat_length(c);
  const int offset = static_cast<int>(text.size()) - T;
  const int at = offset + position;
  return at >= 0 && at < static_cast<int>(text.size()) ? text[static_cast<std::size_t>(at)] : '?';
}

std::string beat_quote(char ch) { return quote_char(ch); }

std::string beat_head(int layer, int head) {
  return "L" + std::to_string(layer + 1) + "H" + std::to_string(head + 1);
}

std::string num(double v) { return fmt_fixed(v, 2); }

int beat_layer(const ChapterContext& c) {
  return c.state ? std::clamp(c.state->selected_layer, 0, kLayers - 1) : 0;
}
int beat_head_index(const ChapterContext& c) {
  return c.state ? std::clamp(c.state->selected_head, 0, kHeads - 1) : 0;
}

int fixed_count(const AppState& state, int per_text) { return window_length(state) > 0 ? per_text : 0; }

}  // namespace am::ui::beats

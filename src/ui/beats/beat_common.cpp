#include "beat_common.hpp"

namespace am::ui::beats {

int beat_length(const ChapterContext& c) { return c.acts ? c.acts->length() : 0; }

std::string num(double v) { return fmt_fixed(v, 2); }

int fixed_count(const AppState& state, int per_text) { return window_length(state) > 0 ? per_text : 0; }

}  // namespace am::ui::beats

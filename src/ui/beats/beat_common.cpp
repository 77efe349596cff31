#include "beat_common.hpp"

namespace am::ui::beats {

int beat_length(const ChapterContext& c) { return c.acts ? c.acts->length() : 0; }

std::string num(double v) { return fmt_fixed(v, 2); }

std::string num_length(const std::array<float, kDModel>& stream) {
  return num(vector_length(stream.data(), kDModel));
}

}  // namespace am::ui::beats

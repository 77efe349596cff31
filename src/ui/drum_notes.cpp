#include "am/ui/drum_notes.hpp"

#include "am/ui/text_format.hpp"

namespace am::ui {

std::string drum_slider_label(std::int64_t step, bool waiting) {
  return "step " + fmt_int(step) + (waiting ? " \u00b7 loading\u2026" : "");
}

std::string drum_progress_note(std::optional<std::size_t> loading, std::size_t count,
                               std::int64_t loaded_from, std::int64_t last_step, std::size_t cached,
                               std::size_t to_cache) {
  if (loading)
    return "(loading " + std::to_string(*loading) + " of " + std::to_string(count) + ": steps " +
           fmt_int(loaded_from) + "\u2013" + fmt_int(last_step) + " are in)";
  if (cached < to_cache) return "(preparing " + std::to_string(cached) + "/" + std::to_string(to_cache) + ")";
  return "";
}

}  // namespace am::ui

// What the drum says about checkpoints not ready yet, as text: the panel draws it and
// the state dump records it, so the app-level loading test reads what a learner sees.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace am::ui {

// The slider's label: "step 4 000", with " · loading…" while that checkpoint is still
// being read (the machine shows the nearest one that is in).
std::string drum_slider_label(std::int64_t step, bool waiting);

// The note after "checkpoint k of N". While checkpoints are still being read
// (`loading` of `count` in, newest first, so steps loaded_from to last_step):
// "(loading 40 of 181: steps 7 000–9 000 are in)"; else, while the passes near the
// drum are being prepared, "(preparing 3/8)"; else "".
std::string drum_progress_note(std::optional<std::size_t> loading, std::size_t count,
                               std::int64_t loaded_from, std::int64_t last_step, std::size_t cached,
                               std::size_t to_cache);

}  // namespace am::ui

// What the learner asked "why?" about: the character whose score is explained and the
// corrupted text patching compares with. Part of AppState (set by the top-5 panel, the
// waterfall, the patching box and the script lines `attribute CHAR` / `corrupt TEXT|auto`).
#pragma once

#include <string>

namespace am::ui {

struct TracingChoice {
  int target = -1;  // character id; -1: the favourite at the last place
  enum class Corrupt { kNone, kAuto, kText } corrupt = Corrupt::kNone;
  std::string corrupted_text;  // kText: as typed (normalized when used)
  int hovered_part = -1;       // attribution part under the mouse in the chart; not saved
  bool open = false;           // asked for: the "why?" panel shows and the machine is tinted
  bool operator==(const TracingChoice&) const = default;
};

}  // namespace am::ui

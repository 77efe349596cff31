// Write types what the model wrote into the text one character at a time, so the
// machine reads each new character as it arrives: the text box, the columns and, in a
// chapter whose beats follow typing (chapter 10), the new character's row of the grid,
// computed against the cached keys. Pure steps on AppState (no ImGui).
#pragma once

#include <string>

#include "am/ui/app_state.hpp"

namespace am::ui {

// One character every this many seconds at the beat player's 1x speed.
inline constexpr double kSecondsPerTypedCharacter = 0.4;

// Starts typing `written` (what Write just wrote, kept in state.generated) after the text.
void start_typing(AppState& state, std::string written);
// Types the characters due after dt seconds at the player's speed (every one at once
// with reduced motion). Returns how many were typed.
int advance_typing(AppState& state, double dt_seconds);

}  // namespace am::ui

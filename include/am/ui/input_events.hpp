// Input as events: the window's key, character and mouse-button callbacks push here,
// and the frame takes them all once, so a press and its release that both arrive
// between two frames still count (polling the key state would miss them). Scripts
// push into the same queue ("key Right"). No GLFW here: key codes are GLFW 3.3's
// numbers, checked against GLFW's header where the app installs the callbacks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "am/core/result.hpp"

namespace am::ui {

namespace keys {
inline constexpr int kComma = 44, kPeriod = 46, kLeftBracket = 91, kRightBracket = 93;
inline constexpr int kSpace = 32, kA = 65, kZ = 90, k0 = 48, k9 = 57;
inline constexpr int kEscape = 256, kEnter = 257, kTab = 258, kBackspace = 259, kDelete = 261;
inline constexpr int kRight = 262, kLeft = 263, kDown = 264, kUp = 265, kPageUp = 266, kPageDown = 267;
inline constexpr int kHome = 268, kEnd = 269, kF1 = 290, kF12 = 301;
inline constexpr int kRelease = 0, kPress = 1, kRepeat = 2;                       // actions
inline constexpr int kModShift = 1, kModControl = 2, kModAlt = 4, kModSuper = 8;  // modifier bits
}  // namespace keys

enum class InputKind : std::uint8_t { kKey, kChar, kMouseButton };

struct InputEvent {
  InputKind kind = InputKind::kKey;
  int code = 0;  // key code, or mouse button (0 left, 1 right, 2 middle)
  int action = keys::kPress;
  int mods = 0;
  unsigned codepoint = 0;    // kChar
  float x = 0.0f, y = 0.0f;  // kMouseButton: the cursor, window pixels from the top left
  bool synthetic = false;    // pushed by a script, not by the window system
};

class InputQueue {
 public:
  void push(const InputEvent& e) { events_.push_back(e); }
  // A press and its release, as a tap within one frame.
  void push_tap(int key, int mods, bool synthetic);
  // Everything queued since the last call, oldest first; each event is handed out once.
  std::vector<InputEvent> take();
  // What take() would hand out, left in the queue.
  const std::vector<InputEvent>& pending() const { return events_; }
  bool empty() const { return events_.empty(); }
  // Files dropped on the window, handed out once each.
  void push_drop(std::string path) { drops_.push_back(std::move(path)); }
  std::vector<std::string> take_drops() { return std::exchange(drops_, {}); }

 private:
  std::vector<InputEvent> events_;
  std::vector<std::string> drops_;
};

// A key of the window (not a script's) whose press and release both arrived between
// two frames: a widget that reads which keys are held at the frame's start never sees it
// (Dear ImGui 1.86's text box and its Backspace, Enter or Ctrl+A after a slow frame).
struct KeyTap {
  int key = 0;
  int mods = 0;  // held at the press
  bool operator==(const KeyTap&) const = default;
};
// Every such tap in `events`, in arrival order (a press whose next event of that key is
// its release; a key pressed and left down is not a tap).
std::vector<KeyTap> taps_between_frames(const std::vector<InputEvent>& events);
// How many taps from the front of `pending` one frame can hold: up to the first key that
// comes twice or was held the frame before (`held_before`): it must be seen up for a frame
// between two taps, or the two would read as one press.
std::size_t taps_for_one_frame(const std::vector<KeyTap>& pending, const std::vector<int>& held_before = {});

struct KeyChord {
  int key = 0;
  int mods = 0;
};
// "Right", "Left", "Up", "Down", "Home", "End", "Space", "Enter", "Escape", "Tab",
// "PageUp", "PageDown", "F1".."F12", one letter or digit, with optional "Ctrl+",
// "Shift+", "Alt+" in front. Case does not matter.
Result<KeyChord> parse_key_chord(std::string_view name);

}  // namespace am::ui

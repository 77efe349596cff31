// Input as events: the window's key and mouse-button callbacks push here, and the frame
// takes them all once, so a press and its release that both arrive between two frames
// still count (polling the key state would miss them). Scripts push into the same queue
// ("key Right"). No GLFW here: key codes are GLFW 3.3's
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

enum class InputKind : std::uint8_t { kKey, kMouseButton };

struct InputEvent {
  InputKind kind = InputKind::kKey;
  int code = 0;  // key code, or mouse button (0 left, 1 right, 2 middle)
  int action = keys::kPress;
  int mods = 0;
  float x = 0.0f, y = 0.0f;  // kMouseButton: the cursor, window pixels from the top left
  bool synthetic = false;    // pushed by a script, not by the window system
};

// The window's keyboard as a widget that reads held keys at the frame's start must see it
// (Dear ImGui 1.86's text box). Every press and release of the window (not a script's) is
// replayed in order, at most one change per key per frame: a tap whose press and release
// both arrived between two frames is down for one frame and up at the next, and a tap
// followed by another press of the same key still reads as two presses.
class KeyReplay {
 public:
  // The window's key events among `events` join the backlog (script keys and repeats do not).
  void add(const std::vector<InputEvent>& events);
  // Applies the backlog, oldest first, up to the first event for a key that already
  // changed in this frame, or the first release after a press, so the order across keys
  // holds (Ctrl down before its A, and still down while A goes down).
  // Returns the events applied, for the shortcuts to see in the same frame as the widgets.
  std::vector<InputEvent> advance_frame();
  bool down(int key) const;
  // Events still to replay: the frame loop keeps drawing until they are done.
  bool busy() const { return !backlog_.empty(); }

 private:
  std::vector<InputEvent> backlog_;
  std::vector<int> down_;
};

class InputQueue {
 public:
  void push(const InputEvent& e) { events_.push_back(e); }
  // A press and its release, as a tap within one frame.
  void push_tap(int key, int mods, bool synthetic);
  // Everything queued since the last call, oldest first; each event is handed out once.
  // The window's key events come as replay_frame() let them through.
  std::vector<InputEvent> take();
  bool empty() const { return events_.empty() && replayed_.empty(); }
  // Once per drawn frame, before the widgets read the keyboard: the window's key events
  // join the replay, which moves one frame on. Without it, take() hands them out as they came.
  const KeyReplay& replay_frame();
  const KeyReplay& replay() const { return replay_; }
  // Files dropped on the window, handed out once each.
  void push_drop(std::string path) { drops_.push_back(std::move(path)); }
  std::vector<std::string> take_drops() { return std::exchange(drops_, {}); }

 private:
  std::vector<InputEvent> events_;
  KeyReplay replay_;
  std::vector<InputEvent> replayed_;  // applied by the replay, not yet taken
  std::vector<std::string> drops_;
};

struct KeyChord {
  int key = 0;
  int mods = 0;
};
// "Right", "Left", "Up", "Down", "Home", "End", "Space", "Enter", "Escape", "Tab",
// "PageUp", "PageDown", "F1".."F12", one letter or digit, with optional "Ctrl+",
// "Shift+", "Alt+" in front. Case does not matter.
Result<KeyChord> parse_key_chord(std::string_view name);

}  // namespace am::ui

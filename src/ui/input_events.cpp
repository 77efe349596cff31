#include "am/ui/input_events.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <utility>

namespace am::ui {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

struct NamedKey {
  const char* name;
  int key;
};
constexpr NamedKey kNamedKeys[] = {
    {"right", keys::kRight},
    {"left", keys::kLeft},
    {"up", keys::kUp},
    {"down", keys::kDown},
    {"home", keys::kHome},
    {"end", keys::kEnd},
    {"space", keys::kSpace},
    {"enter", keys::kEnter},
    {"return", keys::kEnter},
    {"escape", keys::kEscape},
    {"esc", keys::kEscape},
    {"tab", keys::kTab},
    {"pageup", keys::kPageUp},
    {"pagedown", keys::kPageDown},
    {"backspace", keys::kBackspace},
    {"delete", keys::kDelete},
    {"period", keys::kPeriod},
    {"comma", keys::kComma},
    {"bracketleft", keys::kLeftBracket},
    {"bracketright", keys::kRightBracket},
};

}  // namespace

void InputQueue::push_tap(int key, int mods, bool synthetic) {
  InputEvent e;
  e.kind = InputKind::kKey;
  e.code = key;
  e.mods = mods;
  e.synthetic = synthetic;
  e.action = keys::kPress;
  events_.push_back(e);
  e.action = keys::kRelease;
  events_.push_back(e);
}

std::vector<InputEvent> InputQueue::take() {
  std::vector<InputEvent> out = std::exchange(replayed_, {});
  out.insert(out.end(), events_.begin(), events_.end());
  events_.clear();
  return out;
}

const KeyReplay& InputQueue::replay_frame() {
  const auto window_key = [](const InputEvent& e) { return e.kind == InputKind::kKey && !e.synthetic; };
  std::vector<InputEvent> keys;
  std::copy_if(events_.begin(), events_.end(), std::back_inserter(keys), window_key);
  std::erase_if(events_, window_key);
  replay_.add(keys);
  std::vector<InputEvent> applied = replay_.advance_frame();
  replayed_.insert(replayed_.end(), applied.begin(), applied.end());
  return replay_;
}

void KeyReplay::add(const std::vector<InputEvent>& events) {
  for (const InputEvent& e : events)
    if (e.kind == InputKind::kKey && !e.synthetic && e.action != keys::kRepeat) backlog_.push_back(e);
}

std::vector<InputEvent> KeyReplay::advance_frame() {
  std::vector<int> changed;
  bool pressed = false;
  std::size_t n = 0;
  for (; n < backlog_.size(); ++n) {
    const InputEvent& e = backlog_[n];
    if (std::find(changed.begin(), changed.end(), e.code) != changed.end()) break;
    // A release waits for the frame after a press: xdotool (and a quick hand) lets Ctrl go
    // before the A, and the text box must still see Ctrl held while A goes down.
    if (pressed && e.action == keys::kRelease) break;
    pressed = pressed || e.action == keys::kPress;
    const auto at = std::find(down_.begin(), down_.end(), e.code);
    const bool was_down = at != down_.end();
    if (e.action == keys::kPress && !was_down) down_.push_back(e.code);
    if (e.action == keys::kRelease && was_down) down_.erase(at);
    if ((e.action == keys::kPress) != was_down) changed.push_back(e.code);
  }
  std::vector<InputEvent> applied(backlog_.begin(), backlog_.begin() + static_cast<std::ptrdiff_t>(n));
  backlog_.erase(backlog_.begin(), backlog_.begin() + static_cast<std::ptrdiff_t>(n));
  return applied;
}

bool KeyReplay::down(int key) const { return std::find(down_.begin(), down_.end(), key) != down_.end(); }

Result<KeyChord> parse_key_chord(std::string_view name) {
  KeyChord chord;
  std::string rest = lower(name);
  const std::pair<const char*, int> modifiers[] = {{"ctrl+", keys::kModControl},
                                                   {"control+", keys::kModControl},
                                                   {"shift+", keys::kModShift},
                                                   {"alt+", keys::kModAlt}};
  for (bool found = true; found;) {
    found = false;
    for (const auto& [prefix, bit] : modifiers) {
      const std::string_view p(prefix);
      if (rest.size() > p.size() && rest.compare(0, p.size(), p) == 0) {
        chord.mods |= bit;
        rest.erase(0, p.size());
        found = true;
      }
    }
  }
  for (const NamedKey& k : kNamedKeys)
    if (rest == k.name) {
      chord.key = k.key;
      return chord;
    }
  if (rest.size() >= 2 && rest[0] == 'f' && std::all_of(rest.begin() + 1, rest.end(), ::isdigit) &&
      rest.size() <= 3) {
    const int n = std::stoi(rest.substr(1));
    if (n >= 1 && n <= 12) {
      chord.key = keys::kF1 + n - 1;
      return chord;
    }
  }
  if (rest.size() == 1 && std::isalnum(static_cast<unsigned char>(rest[0]))) {
    chord.key = std::isdigit(static_cast<unsigned char>(rest[0]))
                    ? rest[0]
                    : std::toupper(static_cast<unsigned char>(rest[0]));
    return chord;
  }
  return fail(
      "unknown key '" + std::string(name) +
      "' (known: Right, Left, Up, Down, Home, End, Space, Enter, Escape, Tab, PageUp, PageDown, F1..F12, "
      "a letter or digit, with Ctrl+, Shift+ or Alt+ in front)");
}

}  // namespace am::ui

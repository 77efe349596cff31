#include "am/ui/input_events.hpp"

#include <algorithm>
#include <cctype>
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
    {"right", keys::kRight},   {"left", keys::kLeft},         {"up", keys::kUp},
    {"down", keys::kDown},     {"home", keys::kHome},         {"end", keys::kEnd},
    {"space", keys::kSpace},   {"enter", keys::kEnter},       {"return", keys::kEnter},
    {"escape", keys::kEscape}, {"esc", keys::kEscape},        {"tab", keys::kTab},
    {"pageup", keys::kPageUp}, {"pagedown", keys::kPageDown}, {"backspace", keys::kBackspace},
    {"delete", keys::kDelete}, {"period", keys::kPeriod},     {"comma", keys::kComma},
    {"bracketleft", keys::kLeftBracket}, {"bracketright", keys::kRightBracket},
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

std::vector<InputEvent> InputQueue::take() { return std::exchange(events_, {}); }

std::vector<KeyTap> taps_between_frames(const std::vector<InputEvent>& events) {
  std::vector<KeyTap> out;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const InputEvent& press = events[i];
    if (press.kind != InputKind::kKey || press.synthetic || press.action != keys::kPress) continue;
    for (std::size_t j = i + 1; j < events.size(); ++j) {
      const InputEvent& e = events[j];
      if (e.kind != InputKind::kKey || e.code != press.code || e.synthetic || e.action == keys::kRepeat)
        continue;
      if (e.action == keys::kRelease) out.push_back({press.code, press.mods});
      break;  // the key's next event decides: its release (a tap), or another press
    }
  }
  return out;
}

std::size_t taps_for_one_frame(const std::vector<KeyTap>& pending, const std::vector<int>& held_before) {
  std::size_t n = 0;
  for (; n < pending.size(); ++n) {
    if (std::find(held_before.begin(), held_before.end(), pending[n].key) != held_before.end()) return n;
    for (std::size_t i = 0; i < n; ++i)
      if (pending[i].key == pending[n].key) return n;
  }
  return n;
}

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

// Input as events: each event is handed out once, a tap is a press and its release,
// key names parse as a script writes them, and keys map to the shortcut list.
#include <catch2/catch.hpp>

#include "am/ui/input_events.hpp"
#include "am/ui/shortcuts.hpp"

using namespace am::ui;

TEST_CASE("the queue hands each event out once, oldest first", "[input]") {
  InputQueue q;
  CHECK(q.empty());
  q.push_tap(keys::kRight, 0, false);
  q.push({InputKind::kMouseButton, 0, keys::kPress, 0});
  const auto first = q.take();
  REQUIRE(first.size() == 3);
  CHECK(first[0].code == keys::kRight);
  CHECK(first[0].action == keys::kPress);
  CHECK(first[1].action == keys::kRelease);
  CHECK(first[2].kind == InputKind::kMouseButton);
  CHECK(q.empty());
  CHECK(q.take().empty());
}

TEST_CASE("key names as scripts write them", "[input]") {
  const auto key = [](const char* name) {
    auto k = parse_key_chord(name);
    REQUIRE(k);
    return *k;
  };
  CHECK(key("Right").key == 262);
  CHECK(key("left").key == 263);
  CHECK(key("F1").key == 290);
  CHECK(key("F11").key == 300);
  CHECK(key("F12").key == 301);
  CHECK(key("Space").key == 32);
  CHECK(key("Home").key == 268);
  CHECK(key("a").key == 'A');
  CHECK(key("7").key == '7');
  const KeyChord save = key("Ctrl+S");
  CHECK(save.key == 'S');
  CHECK(save.mods == keys::kModControl);
  CHECK(key("ctrl+shift+f2").mods == (keys::kModControl | keys::kModShift));
  for (const char* bad : {"", "F13", "F0", "Rigth", "ctrl+", "ab"}) {
    INFO(bad);
    auto k = parse_key_chord(bad);
    REQUIRE_FALSE(k);
    CHECK(k.error().find("unknown key") != std::string::npos);
  }
}

TEST_CASE("every key in the help list maps to its shortcut", "[input]") {
  CHECK(shortcut_for(keys::kRight, 0) == ShortcutAction::kNextChapter);
  CHECK(shortcut_for(keys::kLeft, 0) == ShortcutAction::kPreviousChapter);
  CHECK(shortcut_for(keys::kSpace, 0) == ShortcutAction::kPlayBeats);  // the chapter's computation
  CHECK(shortcut_for('P', 0) == ShortcutAction::kPlayPause);           // the drum: training
  CHECK(shortcut_for(keys::kDown, 0) == ShortcutAction::kNextBeat);
  CHECK(shortcut_for(keys::kPeriod, 0) == ShortcutAction::kNextBeat);
  CHECK(shortcut_for(keys::kUp, 0) == ShortcutAction::kPreviousBeat);
  CHECK(shortcut_for(keys::kComma, 0) == ShortcutAction::kPreviousBeat);
  CHECK(shortcut_for(keys::kRightBracket, 0) == ShortcutAction::kNextHead);
  CHECK(shortcut_for(keys::kLeftBracket, 0) == ShortcutAction::kPreviousHead);
  CHECK(shortcut_for(keys::kHome, 0) == ShortcutAction::kResetCamera);
  CHECK(shortcut_for(keys::kF1, 0) == ShortcutAction::kToggleHelp);
  CHECK(shortcut_for(keys::kF1 + 1, 0) == ShortcutAction::kToggleSettings);
  CHECK(shortcut_for(keys::kF1 + 10, 0) == ShortcutAction::kTogglePresentation);
  CHECK(shortcut_for(keys::kF12, 0) == ShortcutAction::kScreenshot);
  CHECK(shortcut_for('S', keys::kModControl) == ShortcutAction::kSaveView);
  CHECK(shortcut_for('O', keys::kModControl) == ShortcutAction::kOpenView);
  CHECK(shortcut_for('Q', keys::kModControl) == ShortcutAction::kQuit);
  CHECK(shortcut_for(keys::kF12, keys::kModShift) == ShortcutAction::kMachineScreenshot);
  CHECK(shortcut_for(keys::kPageDown, 0) == ShortcutAction::kNextLessonView);
  CHECK(shortcut_for(keys::kPageUp, 0) == ShortcutAction::kPreviousLessonView);
  CHECK_FALSE(shortcut_for('S', 0));
  CHECK_FALSE(shortcut_for(keys::kRight, keys::kModControl));  // word by word in the text box
  CHECK(shortcut_for(keys::kRight, keys::kModShift) == ShortcutAction::kNextChapter);
  // Each action in the help list has a key.
  for (const Shortcut& s : all_shortcuts()) {
    bool found = false;
    for (int key = 0; key <= keys::kF12 && !found; ++key)
      for (int mods : {0, keys::kModControl, keys::kModShift})
        if (shortcut_for(key, mods) == s.action) found = true;
    CHECK(found);
  }
}

TEST_CASE("the window's keys are replayed one change per key per frame, in order", "[input]") {
  using am::ui::InputEvent;
  using am::ui::InputKind;
  using am::ui::KeyReplay;
  namespace k = am::ui::keys;
  const auto key = [](int code, int action, int mods = 0, bool synthetic = false) {
    InputEvent e;
    e.kind = InputKind::kKey;
    e.code = code;
    e.action = action;
    e.mods = mods;
    e.synthetic = synthetic;
    return e;
  };
  constexpr int kLeftCtrl = 341;
  // Ctrl+A as xdotool sends it, all four events between two frames: Ctrl and A are down
  // together for one frame, both up at the next.
  KeyReplay r;
  r.add({key(kLeftCtrl, k::kPress), key(k::kA, k::kPress, k::kModControl),
         key(k::kA, k::kRelease, k::kModControl), key(kLeftCtrl, k::kRelease)});
  r.advance_frame();
  CHECK((r.down(kLeftCtrl) && r.down(k::kA)));
  CHECK(r.busy());
  r.advance_frame();
  CHECK((!r.down(kLeftCtrl) && !r.down(k::kA) && !r.busy()));
  // xdotool lets Ctrl go before the A. In one batch, or with Ctrl's press in the batch
  // before (a frame in between), A still goes down while Ctrl is held.
  for (const bool split : {false, true}) {
    r.add({key(kLeftCtrl, k::kPress)});
    if (split) r.advance_frame();
    r.add({key(k::kA, k::kPress, k::kModControl), key(kLeftCtrl, k::kRelease), key(k::kA, k::kRelease)});
    r.advance_frame();
    CHECK((r.down(kLeftCtrl) && r.down(k::kA)));
    r.advance_frame();
    CHECK((!r.down(kLeftCtrl) && !r.down(k::kA) && !r.busy()));
  }
  // Three Backspaces in one batch: down, up, down, up, down, up; three presses.
  r.add({key(k::kBackspace, k::kPress), key(k::kBackspace, k::kRelease), key(k::kBackspace, k::kPress),
         key(k::kBackspace, k::kRelease), key(k::kBackspace, k::kPress), key(k::kBackspace, k::kRelease)});
  int presses = 0;
  for (int frame = 0; frame < 8; ++frame) {
    const bool before = r.down(k::kBackspace);
    r.advance_frame();
    presses += !before && r.down(k::kBackspace);
  }
  CHECK(presses == 3);
  CHECK(!r.busy());
  // A tap, then the next press in the same batch with its release in the next batch (the
  // case that lost a Backspace under load): still two presses.
  r.add({key(k::kBackspace, k::kPress), key(k::kBackspace, k::kRelease), key(k::kBackspace, k::kPress)});
  r.advance_frame();
  CHECK(r.down(k::kBackspace));
  r.add({key(k::kBackspace, k::kRelease)});
  r.advance_frame();
  CHECK(!r.down(k::kBackspace));
  r.advance_frame();
  CHECK(r.down(k::kBackspace));
  r.advance_frame();
  CHECK((!r.down(k::kBackspace) && !r.busy()));
  // A key pressed and held stays down; repeats and a script's "key Right" change nothing.
  r.add({key(k::kEnd, k::kPress), key(k::kEnd, k::kRepeat), key(k::kRight, k::kPress, 0, true),
         key(k::kRight, k::kRelease, 0, true)});
  r.advance_frame();
  r.advance_frame();
  CHECK((r.down(k::kEnd) && !r.down(k::kRight) && !r.busy()));
}

TEST_CASE("the queue hands out the window's keys as the replay applies them, a script's at once", "[input]") {
  namespace k = am::ui::keys;
  am::ui::InputQueue q;
  // Esc then Right arrived between two frames, then a script's key: the shortcuts see each
  // window key in the frame the widgets do (Esc, then Right a frame later, after Esc is
  // up again); the script's key comes at once.
  q.push_tap(k::kEscape, 0, false);
  q.push_tap(k::kRight, 0, false);
  q.push_tap(k::kF1, 0, true);
  const auto presses = [&q] {
    std::vector<int> pressed;
    for (const am::ui::InputEvent& e : q.take())
      if (e.action == k::kPress) pressed.push_back(e.code);
    return pressed;
  };
  const am::ui::KeyReplay& keys = q.replay_frame();
  CHECK((keys.down(k::kEscape) && !keys.down(k::kRight) && !keys.down(k::kF1)));
  CHECK(presses() == std::vector<int>{k::kEscape, k::kF1});
  q.replay_frame();
  CHECK((!keys.down(k::kEscape) && keys.down(k::kRight)));
  CHECK(presses() == std::vector<int>{k::kRight});
  CHECK(q.replay().busy());  // Right's release waits for the next frame
  q.replay_frame();
  CHECK(q.take().size() == 1);
  CHECK((!q.replay().busy() && q.empty()));
  // Without replay_frame (scripts, tests), take() hands window keys out as they came.
  q.push_tap(k::kRight, 0, false);
  CHECK(q.take().size() == 2);
}

// The keys behind all_shortcuts(), read from the frame's queued key events (not from
// ImGui's key state, which misses a press and its release inside one frame).
#include "am/ui/beats.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/panels.hpp"
#include "am/ui/playback.hpp"
#include "am/ui/shortcuts.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

// What a head key asks: lift the plate `delta` heads on from the lifted one.
std::pair<int, int> cycled_head(const AppState& state, int delta) {
  const int total = kLayers * kHeads;
  const int index = ((state.selected_layer * kHeads + state.selected_head) + delta + total) % total;
  return {index / kHeads, index % kHeads};
}

// The intents one shortcut stands for, read from the state as it is (the state is not
// written here); the window's own requests go straight into `actions`.
void shortcut_intents(ShortcutAction action, const AppState& state, StateIntents& in, PanelActions& actions) {
  const auto beats = [&](int step) {
    BeatPlayer beat = state.beat;
    beat.chapter = state.chapter;
    if (step == 0)
      toggle_beats(beat, beat_count(state));
    else
      step_beat(beat, step, beat_count(state));
    in.beat = beat;
  };
  const auto toggle_panel = [&](bool PanelVisibility::*panel) {
    Settings s = state.settings;
    s.panels.*panel = !(s.panels.*panel);
    in.settings = s;
    actions.settings_changed = true;
  };
  switch (action) {
    case ShortcutAction::kPreviousChapter:
      if (state.chapter > 0) in.chapter = state.chapter - 1;
      break;
    case ShortcutAction::kNextChapter:
      if (state.chapter + 1 < kChapterCount) in.chapter = state.chapter + 1;
      break;
    case ShortcutAction::kPlayPause:
      in.toggle_playing = true;
      break;
    case ShortcutAction::kPlayBeats:
      beats(0);
      break;
    case ShortcutAction::kNextBeat:
      beats(+1);
      break;
    case ShortcutAction::kPreviousBeat:
      beats(-1);
      break;
    case ShortcutAction::kPreviousHead:
      in.lift = cycled_head(state, -1);
      break;
    case ShortcutAction::kNextHead:
      in.lift = cycled_head(state, +1);
      break;
    case ShortcutAction::kResetCamera:
      actions.reset_camera = true;
      break;
    case ShortcutAction::kToggleSettings:
      toggle_panel(&PanelVisibility::settings);
      break;
    case ShortcutAction::kToggleHelp:
      toggle_panel(&PanelVisibility::help);
      break;
    case ShortcutAction::kTogglePresentation:
      in.toggle_presentation = true;
      break;
    case ShortcutAction::kScreenshot:
      actions.screenshot = true;
      break;
    case ShortcutAction::kMachineScreenshot:
      actions.machine_screenshot = true;
      break;
    case ShortcutAction::kSaveView:
      actions.save_view = true;
      break;
    case ShortcutAction::kOpenView:
      actions.open_view = true;
      break;
    case ShortcutAction::kQuit:
      actions.quit = true;
      break;
    case ShortcutAction::kNextLessonView:
      actions.lesson_step = +1;
      break;
    case ShortcutAction::kPreviousLessonView:
      actions.lesson_step = -1;
      break;
  }
}

}  // namespace

void handle_shortcuts(AppState& state, const ChapterContext& context, const std::vector<std::int64_t>& steps,
                      const std::vector<InputEvent>& events, bool typing, PanelActions& actions) {
  // Typing in the text box must not turn chapters or play the drum; the function keys and
  // Ctrl shortcuts (F12, Ctrl+S, F11, F1, F2) type nothing, so they work while typing too.
  // Esc leaves the box: keys after it in the same batch are shortcuts again.
  bool in_text = typing || ImGui::GetIO().WantTextInput;
  for (const InputEvent& e : events) {
    if (e.kind != InputKind::kKey || e.action != keys::kPress)
      continue;  // a held key does not repeat a shortcut
    if (in_text && e.code == keys::kEscape) {
      in_text = false;
      continue;
    }
    const bool types_nothing =
        (e.code >= keys::kF1 && e.code <= keys::kF12) || (e.mods & keys::kModControl) != 0;
    if (in_text && !types_nothing) continue;
    const auto action = shortcut_for(e.code, e.mods);
    if (!action) continue;
    // Each key's intents are applied before the next key is read (two Rights turn two
    // pages), by the one function that applies the panels' intents.
    StateIntents in;
    shortcut_intents(*action, state, in, actions);
    apply_state_intents(state, in, context, steps);
  }
}

}  // namespace am::ui

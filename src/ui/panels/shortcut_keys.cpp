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

void go_to_chapter(AppState& state, int number, const ChapterContext& context,
                   const std::vector<std::int64_t>& steps, PanelActions& actions) {
  if (const Chapter* chapter = find_chapter(number)) {
    enter_chapter(state, *chapter, context, steps);
    actions.chapter_changed = true;
  }
}

void cycle_head(AppState& state, int delta, PanelActions& actions) {
  const int total = kLayers * kHeads;
  const int index = ((state.selected_layer * kHeads + state.selected_head) + delta + total) % total;
  select_head(state, index / kHeads, index % kHeads);
  actions.heads_changed = true;
}

void act(ShortcutAction action, AppState& state, const ChapterContext& context,
         const std::vector<std::int64_t>& steps, PanelActions& actions) {
  switch (action) {
    case ShortcutAction::kPreviousChapter:
      if (state.chapter > 0) go_to_chapter(state, state.chapter - 1, context, steps, actions);
      break;
    case ShortcutAction::kNextChapter:
      if (state.chapter + 1 < kChapterCount) go_to_chapter(state, state.chapter + 1, context, steps, actions);
      break;
    case ShortcutAction::kPlayPause:
      toggle_playback(state, steps);
      actions.step_changed = true;
      break;
    case ShortcutAction::kPlayBeats:
      state.beat.chapter = state.chapter;
      toggle_beats(state.beat, beat_count(state));
      break;
    case ShortcutAction::kNextBeat:
    case ShortcutAction::kPreviousBeat:
      state.beat.chapter = state.chapter;
      step_beat(state.beat, action == ShortcutAction::kNextBeat ? 1 : -1, beat_count(state));
      break;
    case ShortcutAction::kPreviousHead:
      cycle_head(state, -1, actions);
      break;
    case ShortcutAction::kNextHead:
      cycle_head(state, +1, actions);
      break;
    case ShortcutAction::kResetCamera:
      actions.reset_camera = true;
      break;
    case ShortcutAction::kToggleSettings:
      state.settings.panels.settings = !state.settings.panels.settings;
      actions.settings_changed = true;
      break;
    case ShortcutAction::kToggleHelp:
      state.settings.panels.help = !state.settings.panels.help;
      actions.settings_changed = true;
      break;
    case ShortcutAction::kTogglePresentation:
      state.presentation = !state.presentation;
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
    if (const auto action = shortcut_for(e.code, e.mods)) act(*action, state, context, steps, actions);
  }
}

}  // namespace am::ui

// Everything the user has chosen, in one plain struct: the window, the panels,
// the script runner and the state dump all read and write this, and nothing in
// the UI keeps hidden state elsewhere (no function-local statics).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "am/core/quality_choice.hpp"
#include "am/core/result.hpp"
#include "am/engine/generation.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/normalizer.hpp"
#include "am/ui/beat_player.hpp"
#include "am/ui/tracing_choice.hpp"

namespace am::ui {

enum class Palette : std::uint8_t { kBrass = 0, kHighContrast = 1, kColourBlind = 2 };
inline constexpr int kPaletteCount = 3;
const char* palette_name(Palette p);  // "brass", "high-contrast", "colour-blind"
bool parse_palette(const std::string& name, Palette& out);

// Which panels are open. Saved with the settings.
struct PanelVisibility {
  bool navigator = true;
  bool chapter_text = true;
  bool text_input = true;
  bool predictions = true;
  bool inspector = true;
  bool drum = true;
  bool rack = true;
  bool settings = false;
  bool help = false;
  bool status_line = true;
  // The frame's bars: open, or collapsed to a strip (View menu).
  bool left_bar = true;
  bool right_bar = true;
  bool bottom_bar = true;

  bool operator==(const PanelVisibility&) const = default;
};

// What the user can change in the settings panel; saved between runs.
struct Settings {
  float font_scale = 1.0f;      // multiplies the base font size
  float dpi_override = 0.0f;    // 0 = use the monitor's content scale
  bool reduced_motion = false;  // no travelling beads, no camera glides
  Palette palette = Palette::kBrass;
  QualityChoice quality = QualityChoice::kAuto;  // drawing quality (am/core/quality_choice.hpp)
  PanelVisibility panels;

  bool operator==(const Settings&) const = default;
};
inline constexpr float kMinFontScale = 0.5f;
inline constexpr float kMaxFontScale = 3.0f;
inline constexpr float kMinDpiOverride = 0.5f;  // besides 0 (automatic)
inline constexpr float kMaxDpiOverride = 4.0f;

// Predict-then-reveal: the user commits to a guess before the chapter shows the answer.
struct PredictState {
  int chapter = -1;  // the chapter the guess belongs to
  int choice = -1;   // index into the question's choices; -1 = no guess yet
  bool revealed = false;
  bool operator==(const PredictState&) const = default;
};

// What Write wrote and how it picks characters: the engine's (am/engine/generation.hpp).
using engine::Generation;
using engine::WriteSettings;
inline constexpr float kMaxTemperature = 5.0f;

// What Write still has to type into the text, one character at a time (write_typing.hpp).
struct WriteTyping {
  std::string pending;     // characters not typed yet
  double clock = 0.0;      // seconds towards the next one
  bool into_text = false;  // what Write wrote goes into the text (the button), not beside it (a script)
  bool operator==(const WriteTyping&) const = default;
};

struct AppState {
  int chapter = 0;
  std::string raw_text;        // exactly what the user typed
  bool own_text = false;       // the learner's own text (typed, --text, a script): chapters keep it
  Normalized normalized;       // what the model reads, with what normalization changed
  std::int64_t step = 0;       // training step of the loaded checkpoint
  HeadMask pulled;             // heads pulled out of the rack (kept while scrubbing)
  int selected_position = -1;  // zero-based index into the read window; -1 = the last character
  int selected_layer = 0;      // zero-based: the lifted plate
  int selected_head = 0;
  Settings settings;
  PredictState predict;
  std::map<int, PredictState> answers;  // each chapter's answered question, kept when the chapter changes
  Generation generated;
  WriteSettings write;
  WriteTyping typing;  // Write's characters still arriving
  // The run on show (a weights folder may hold several, see runs_index.hpp), every run
  // the menu offers, and a switch the menu or a script asked for (done by the session).
  std::string run;
  std::vector<std::string> run_names;
  std::string requested_run;
  BeatPlayer beat;          // the chapter's computation, played step by step (beats.hpp)
  bool playing = false;     // the drum plays through training
  double play_clock = 0.0;  // seconds accumulated towards the next checkpoint
  double play_speed = 1.0;  // the drum's playback speed (kPlaySpeeds), 1 = kSecondsPerCheckpoint
  std::string status;       // last status or error message (status line)
  bool status_is_error = false;
  std::string quality_active;  // the tier the window draws at now ("high", ...), set by the app
  bool presentation = false;   // F11: every bar hidden (not saved: a projector session ends)
  // What loading left out or could not use (bad checkpoints, manifest, analysis), shown in
  // a dialog until dismissed; the app runs on without them.
  std::vector<std::string> load_messages;
  bool load_dialog_open = false;
  TracingChoice tracing;  // "why this character?" (issue 22)
};

// What the learner sees and the model reads, without the clocks that run while something
// plays (the drum's, Write's typing, a beat's progress) or the status line. Comparing this
// frame's with the one kept from before is the one way anything tells that the state
// changed: the idle policy, the chapter's words, the tracing and the frame's "changed".
struct ShownState {
  int chapter = 0;
  std::string raw_text;
  std::int64_t step = 0;
  HeadMask pulled;
  int selected_position = -1, selected_layer = 0, selected_head = 0;
  Settings settings;
  PredictState predict;
  std::map<int, PredictState> answers;
  Generation generated;
  WriteSettings write;
  std::string typing;  // Write's characters still to come
  std::string run;
  int beat_chapter = -1, beat_index = -1;
  bool playing = false, beat_playing = false, presentation = false, load_dialog_open = false;
  TracingChoice tracing;
  bool operator==(const ShownState&) const = default;
};
ShownState shown_state(const AppState& state);

// Sets the typed text and normalizes it; the selection returns to the last character.
void set_text(AppState& state, std::string raw);
// Forgets what Write wrote and what it still had to type (the text changed under it).
void clear_written(AppState& state);
// How many characters the model reads (the last kContext of the text).
int window_length(const AppState& state);
// The characters the model reads.
std::string read_text(const AppState& state);
// The ids the model reads.
std::vector<int> read_ids(const AppState& state);
// The selected query as a zero-based index into the read window (-1 when the text is empty).
int resolved_query(const AppState& state);
// Selects a query character (zero-based, within the read window).
Status select_position(AppState& state, int zero_based);
void set_pulled(AppState& state, int layer, int head, bool pulled);
void select_head(AppState& state, int layer, int head);
void set_status(AppState& state, std::string message, bool is_error = false);

}  // namespace am::ui

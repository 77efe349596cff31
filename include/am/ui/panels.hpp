// The ImGui panels drawn over the machine. Each takes the state it shows, draws
// one window (size set on first use, a visibility flag, an explicit "nothing to
// show" state) and reports what the user asked for in PanelActions; the window
// acts on those after drawing. Library am_ui_panels; needs an ImGui context.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "am/analysis/tracing.hpp"
#include "am/core/result.hpp"
#include "am/model/activations.hpp"
#include "am/model/analysis_summary.hpp"
#include "am/ui/app_state.hpp"
#include "am/ui/beat_player.hpp"
#include "am/ui/chapter.hpp"
#include "am/ui/frame_layout.hpp"
#include "am/ui/input_events.hpp"
#include "am/ui/training_curves.hpp"

namespace am::ui {

// What the panels ask to change in AppState. The panels only read the state; the session
// applies these in one place (apply_state_intents), right after every panel has drawn, so
// the machine shows a change in the same frame. Each is the whole new value of one part.
struct StateIntents {
  std::optional<std::string> text;          // typed in the text box: the learner's own text
  bool use_example = false;                 // the chapter's own example text instead
  std::optional<int> chapter;               // the navigator: enter this chapter
  std::optional<HeadMask> pulled;           // the rack, after a click
  std::optional<std::pair<int, int>> lift;  // (layer, head), zero-based: the plate to lift
  std::optional<std::int64_t> step;         // the drum turned by hand (its playback stops)
  bool toggle_playing = false;              // the drum's Play / Pause
  std::optional<double> play_speed;         // the drum's speed
  std::optional<std::string> run;           // the run menu
  std::optional<PredictState> predict;      // a guess chosen or revealed
  bool ask_again = false;                   // the chapter's question is asked afresh
  std::optional<BeatPlayer> beat;           // the beat strip's buttons, scrubber and speed
  std::optional<Settings> settings;         // Settings, the View menu, a panel closed
  bool toggle_presentation = false;         // the View menu's "Presentation"
  std::optional<int> trace_target;          // a character of the top 5 clicked: "why?"
  std::optional<std::string> corruption;    // "why?": the corrupted text asked for ("" none)
  std::optional<WriteSettings> write;       // Write's temperature and seed
  std::optional<int> hovered_part;          // "why?": the chart's bar under the mouse (-1 none)
  bool close_why = false;                   // "why?" closed
  bool close_load_messages = false;
  // The settings a panel edits: what a panel drawn earlier this frame asked for, else the
  // state's. ask_settings asks for `wanted` when it differs from those (true: it did).
  Settings settings_from(const AppState& state) const { return settings.value_or(state.settings); }
  bool ask_settings(const AppState& state, const Settings& wanted) {
    if (wanted == settings_from(state)) return false;
    settings = wanted;
    return true;
  }
  bool any() const {
    return text || use_example || chapter || pulled || lift || step || toggle_playing || play_speed || run ||
           predict || beat || settings || toggle_presentation || trace_target || corruption ||
           close_load_messages || write || hovered_part || close_why || ask_again;
  }
};

// What the user asked for this frame.
struct PanelActions {
  StateIntents state;             // applied at once, after the panels (apply_state_intents)
  bool settings_changed = false;  // save the settings; re-apply fonts and style
  bool screenshot = false;        // F12 / Ctrl+S
  bool reset_camera = false;      // Home: back to the chapter's camera pose
  int generate = 0;               // characters to write with the KV cache
  // Keep and share (file_dialog_panel.cpp, lesson_panel.cpp).
  bool save_view = false;           // Ctrl+S: save the view (asks where)
  bool open_view = false;           // Ctrl+O: open a view or a lesson (asks which)
  bool machine_screenshot = false;  // Shift+F12: the machine alone, at 2x
  bool quit = false;                // Ctrl+Q
  int lesson_step = 0;              // Page Down +1, Page Up -1
  bool show_lesson = false;         // View menu: the lesson panel
  bool lesson_add = false;          // View menu: add this view to the lesson
  bool record = false;              // View menu: "Record…"
  bool any() const {
    return state.any() || settings_changed || screenshot || reset_camera || generate > 0 || save_view ||
           open_view || machine_screenshot || quit || lesson_step != 0 || show_lesson || lesson_add || record;
  }
};

// Characters the "Write" button adds.
inline constexpr int kGenerateButtonCount = 20;

// --- per-panel state that only the panel needs -----------------------------
struct TextInputPanelState {
  std::array<char, 1024> buffer{};
  int focus_request = 0;  // frames left to take the keyboard in (a script's "focus text")
  bool active = false;    // the text box had the keyboard last frame
};

struct ChapterPanelState {
  // The chapter's words are rebuilt only when what they read changes.
  int chapter = -1;
  std::optional<ShownState> shown;  // what the words were built from
  const void* acts = nullptr;
  std::optional<double> live_accuracy;
  bool revealed = false;
  std::string body, numbers, caption, try_this, prompt, reveal;
  std::vector<std::string> choices, try_actions;
  int correct_choice = -1;
  // Set when "Show me" is pressed: the try-this's script lines, for the session to run.
  std::vector<std::string> show_me;
};

struct WhyPanelState {
  std::array<char, 256> buffer{};  // the corrupted text being typed
  bool select_patching = false;    // open at the patching tab (a script's "corrupt")
  TracingChoice::Corrupt shown_corrupt = TracingChoice::Corrupt::kNone;  // to notice a new corruption
  std::string shown_text;
};

// --- what the window hands some panels --------------------------------------
struct InspectorView {
  std::string hovered;   // machine::describe() of the part under the cursor ("" if none)
  std::string selected;  // ... of the clicked part
  int traced_part = -1;  // the hovered part's attribution part (tracing_state.hpp), or -1
};

struct DrumView {
  const TrainingRecord* training = nullptr;
  const AnalysisSummary* analysis = nullptr;            // for its phase thresholds (may be null)
  std::vector<std::optional<double>> ablated_accuracy;  // per checkpoint, with the pulled heads
  // What the drum says (drum_notes.hpp): the slider's label ("step 4 000", "· loading…"
  // while that checkpoint is still being read) and the note after "checkpoint k of N"
  // (loading or preparing progress; "" when all is ready). Made once by the session, which
  // also records them in the state dump.
  std::string slider_label, progress_note;
  // The runs of the weights folder (name, title), for the run menu; the active one is
  // state.run. `other` is a second run whose copy accuracy chapter 8 overlays.
  std::vector<std::pair<std::string, std::string>> runs;
  const TrainingRecord* other = nullptr;
  std::string other_title;
};
// The run menu at the start of the drum's row: names the run on show; choosing another sets
// state.requested_run (the session switches drum, curves, chapters and analysis).
bool draw_run_menu(const AppState& state, const DrumView& view,
                   StateIntents& intents);  // true when it drew on the row
// Chapter 6's head × score table from analysis.json's circuit (nothing without it).
void draw_score_heat_map(const AnalysisSummary& analysis);

struct RackView {
  const AnalysisSummary* analysis = nullptr;
  const TrainingRecord* training = nullptr;
  bool live_available = false;                         // this build can recount
  std::optional<double> live_accuracy;                 // at the current step, with the pulled heads
  std::vector<std::optional<double>> across_training;  // per checkpoint, with the pulled heads
};

struct StatusView {
  std::size_t cached = 0, to_cache = 0;  // background cache progress (passes near the drum)
  double frame_ms = 0.0;
};

// --- the panels ---------------------------------------------------------------
void draw_navigator(const AppState& state, PanelActions& actions);
void draw_chapter_text(const AppState& state, const ChapterContext& context, ChapterPanelState& panel,
                       StateIntents& intents);
// The chapter's beat strip: ◀ Play ▶, the scrubber and the speed (beats.hpp).
void draw_beat_strip(const AppState& state, StateIntents& intents);
void draw_text_input(const AppState& state, TextInputPanelState& panel, PanelActions& actions);
void draw_predictions(const AppState& state, const Activations* acts, const Activations* intact,
                      StateIntents& intents);
void draw_inspector(const AppState& state, const InspectorView& view, StateIntents& intents);
// "why 'l'?" (issue 22): shown when asked (tracing_shown); t may be null (nothing traced);
// machine_part: the attribution part under the mouse in the machine, or -1.
void draw_why(const AppState& state, const analysis::Tracing* t, int machine_part, WhyPanelState& panel,
              StateIntents& intents);
void draw_drum(const AppState& state, const DrumView& view, PanelActions& actions);
void draw_rack(const AppState& state, const RackView& view, PanelActions& actions);
void draw_settings(const AppState& state, PanelActions& actions);
void draw_help(const AppState& state, StateIntents& intents);
void draw_status_line(const AppState& state, const StatusView& view);
// What loading left out and why (state.load_messages), until the learner closes it.
void draw_load_messages(const AppState& state, StateIntents& intents);

// The one place the panels' intents change the state (after every panel has drawn).
// `context` is what entering a chapter reads; `steps` the run's checkpoints.
void apply_state_intents(AppState& state, const StateIntents& intents, const ChapterContext& context,
                         const std::vector<std::int64_t>& steps);

// Keyboard shortcuts (all_shortcuts()) from this frame's key events, each acted on
// once; none while a text field has focus (`typing`, or ImGui's WantTextInput). Each
// key's StateIntents are read from the state as it is, then applied by
// apply_state_intents before the next key; the window's requests go into `actions`.
void handle_shortcuts(AppState& state, const ChapterContext& context, const std::vector<std::int64_t>& steps,
                      const std::vector<InputEvent>& events, bool typing, PanelActions& actions);

// --- the frame ------------------------------------------------------------------
// Where this frame puts the panels: the left column (navigator, chapter words, status
// line), the right column (next character, rack, inspector), the bottom bar (text,
// drum). Call once per frame before the panels draw. Settings and help stay dialogs.
// Where a panel drew more than its slot showed last frame, `layout` trades space first
// (fit_to_needs: the bottom bar grows, the rack takes the inspector's rows), in place,
// so the viewport the machine is drawn in follows.
void begin_frame_panels(FrameLayout& layout);
// The dialogs drawn this frame (settings, help, any panel without a slot): name and
// window rectangle, for the state dump.
const std::vector<std::pair<std::string, PanelRect>>& drawn_panels();
// Every panel text that did not fit its box this frame (titles wider than their bar,
// contents past a panel's right edge with no scroll bar), measured after the panels'
// End(); empty when everything fits. For the state dump's clipped_text.
std::vector<std::string> measure_clipped_text();
// A panel that had to shorten or drop a text says so here (measure_clipped_text reports it).
void report_clipped(std::string what);
// The strips of collapsed bars, each with the button that opens its bar again.
void draw_bar_strips(const AppState& state, const FrameLayout& layout, PanelActions& actions);
// Just after F11: a line at the top of the viewport saying how to bring the bars back,
// fading out (alpha 1 to 0; nothing at 0).
void draw_presentation_hint(const FrameLayout& layout, float alpha);

// --- ImGui set-up ---------------------------------------------------------------
// Loads a TTF with the glyphs the chapters use (curly quotes, ×, ·, √, →, Σ, …) at
// `pixel_size`; false (and ImGui's built-in font) if none of the known files exists.
bool load_ui_font(float pixel_size);
// Font scale, DPI and colours from the settings (call after a change).
void apply_settings(const Settings& settings, float monitor_scale);
// The panel layout (ImGui's ini text) under the config folder, written atomically.
// The panels' saved places as ImGui's ini text, applied at start and read at quit (the
// app keeps the file, beside the settings).
void apply_layout(const std::string& ini);
std::string layout_text();

}  // namespace am::ui

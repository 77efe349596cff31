// Small drawing helpers the panels share (internal to am_ui_panels).
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "am/ui/frame_layout.hpp"
#include "am/ui/panels.hpp"

namespace am::ui {
struct GlossaryEntry;
}

namespace am::ui::widgets {

// Begins a panel's window. A panel the frame has a slot for (begin_frame_panels) is
// placed in it every frame, fixed; if its bar is collapsed or hidden it returns false.
// Any other panel is a movable dialog, placed on first use (in the viewport when there
// is a frame, else at a fraction of the display) with a size in pixels. Returns false
// when the panel is collapsed or hidden; End is due either way.
bool begin_panel(const char* title, bool* open, ImVec2 position_fraction, ImVec2 size,
                 ImGuiWindowFlags flags = 0);
// begin_panel for a panel whose visibility is one of the settings: the panel only reads the
// state, and closing it asks for the settings without it (intents.settings).
bool begin_shown_panel(const char* title, bool PanelVisibility::*shown, const AppState& state,
                       StateIntents& intents, ImVec2 position_fraction, ImVec2 size,
                       ImGuiWindowFlags flags = 0);

// Whether a window, by its ImGui name, is a fixed panel of the frame that must show all it
// draws without scrolling: every slot but the chapter's words, the inspector and "why?",
// which scroll through long texts. (For measure_clipped_text: contents below the bottom.)
bool must_fit_its_slot(const char* window_name);

// Wrapped text that breaks only at plain spaces, so a number is never split
// (ImGui's TextWrapped breaks after '.' and ','). Wraps at the panel's right edge.
// With `glossary_seen`, the first use of each glossary term (those not in the list yet)
// is underlined and explains itself on hover; the list grows as terms are shown.
void text_wrapped_whole(const std::string& text, bool disabled = false,
                        std::vector<const GlossaryEntry*>* glossary_seen = nullptr);

// A greyed "(?)" that explains a term on hover.
void help_marker(const char* text);

// This panel drew a part (a chart) `px` taller than its smallest: the frame counts it at
// its smallest when it measures what the panel needs (fit_to_needs, next frame).
void flexible_height(float px);

// SameLine() when an item `width` wide still fits on the row after the last item;
// otherwise the item starts the next row (narrow windows wrap, not clip).
void same_line_if_room(float width);

// A character as a label in lists: "e", "space", "'".
std::string char_label(int id);

// A horizontal probability bar with an optional ghost mark (the intact model's value).
void probability_bar(float p, std::optional<float> ghost, const std::string& overlay);

struct Series {
  std::vector<float> values;  // one per step; NaN = not measured
  ImU32 colour = 0;
  std::string label;
  float lo = NAN, hi = NAN;  // fixed vertical range (accuracies: 0..1); NaN = fit the data
};

// Curves over training steps (x = step), a marker at `current` and thin lines at `marks`.
void draw_chart(const char* id, const std::vector<std::int64_t>& steps, const std::vector<Series>& series,
                std::int64_t current, const std::vector<std::int64_t>& marks, float height);

// The colours the panels use, picked to read on the brass theme and in every palette.
ImU32 colour_accent();
ImU32 colour_loss();
ImU32 colour_accuracy();
ImU32 colour_ablated();
ImU32 colour_other_run();  // a second run's curve beside this one's
ImU32 colour_ghost();
ImVec4 colour_error();

}  // namespace am::ui::widgets

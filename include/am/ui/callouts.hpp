// Screen-space callouts: a label near each focus part's projected point, joined to it
// by a leader line, placed so no two labels overlap and none leaves the viewport.
// Placement and wording are pure (no ImGui); the window draws the result.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "am/machine/focus.hpp"
#include "am/ui/app_state.hpp"

namespace am::ui {

// A rectangle in window pixels, top-left origin.
struct ScreenRect {
  float x = 0.0f, y = 0.0f, w = 0.0f, h = 0.0f;
  float right() const { return x + w; }
  float bottom() const { return y + h; }
  bool overlaps(const ScreenRect& o) const {
    return x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
  }
  bool inside(const ScreenRect& o) const {
    return x >= o.x && y >= o.y && right() <= o.right() && bottom() <= o.bottom();
  }
};

// A world point through `view_projection` (the renderer's projection times view) to
// window pixels in `viewport`; nullopt when it is at or behind the eye. Callouts, beat
// notes and the labels' screen twins all anchor with it.
std::optional<glm::vec2> project_to_window(const glm::mat4& view_projection, const glm::vec3& world,
                                           const ScreenRect& viewport);

struct CalloutRequest {
  float anchor_x = 0.0f, anchor_y = 0.0f;  // the part's projected point
  float w = 0.0f, h = 0.0f;                // the label's size, padding included
};

struct PlacedCallout {
  ScreenRect box;
  bool placed = false;  // false: no free spot was found (the label is not drawn)
};

// Places the labels in order. Each goes as near its anchor as it can without
// overlapping the labels already placed, inside `viewport`, preferring spots off
// `keep_clear` (the focus itself) and off its own anchor. `gap` is the shortest leader.
std::vector<PlacedCallout> place_callouts(std::span<const CalloutRequest> requests, const ScreenRect& viewport,
                                          const std::optional<ScreenRect>& keep_clear, float gap);

// The words of a focus part's callout: its name and, where it has one, its live
// number, e.g. "L1H2 dials · highest q·k/√8 = 4.19 (“q”)". `representative` is
// machine::representative_part's part (may be null). Empty: no callout.
std::string callout_text(machine::FocusPart focus, const machine::Part* representative,
                         const machine::SceneInput& input, const AppState& state);

}  // namespace am::ui

// Screen-space twins of the labels engraved on the machine (issue 21: "engraved labels are
// doubled by screen-space labels of at least 13 px"). The engraved letters shrink with the
// distance and foreshorten on the floor; each frame the ones on screen that read smaller
// than a twin would get one, centred on them, where it has room: greedy in a stable
// priority, never over another twin, the callouts, the beat's card or its notes, never past
// the viewport. Pure (GLM, no ImGui): the window measures the text and draws the result.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "am/render/draw_list.hpp"
#include "am/ui/callouts.hpp"

namespace am::ui {

// The smallest text a screen label is drawn at, in UI pixels.
inline constexpr float kMinScreenLabelPx = 13.0f;

// An engraved label as the camera sees it.
struct ProjectedLabel {
  float x = 0.0f, y = 0.0f;   // the centre of its letters, window pixels
  float engraved_px = 0.0f;   // the letters' cap height on screen
  float depth = 0.0f;         // clip-space w: the distance along the view
};

// nullopt when the label is behind the eye, turns its back to it, or its centre lies
// outside the viewport. `view_projection` is the renderer's projection * view.
std::optional<ProjectedLabel> project_label(const render::Label& label, const glm::mat4& view_projection,
                                            const glm::vec3& eye, const ScreenRect& viewport);

struct ScreenLabelRequest {
  ScreenRect box;     // text and padding, window pixels
  float px = 0.0f;    // text size
};

// Indices of the requests to draw, taken in the order given (the priority): one is drawn
// when its px is at least kMinScreenLabelPx, its box lies inside `viewport`, and it comes
// no nearer than `gap` to a `keep_clear` box or to a label drawn before it.
std::vector<std::size_t> place_screen_labels(std::span<const ScreenLabelRequest> requests,
                                             const ScreenRect& viewport, std::span<const ScreenRect> keep_clear,
                                             float gap);

// A label chosen to draw: which one, where, how large.
struct ScreenLabel {
  std::size_t label = 0;  // index into the draw list's labels
  ScreenRect box;         // padding included; the text is centred in it
  float px = 0.0f;
};

// The text's width and height at `px`, as the window's font draws it.
using MeasureText = std::function<glm::vec2(std::string_view text, float px)>;

// The whole choice: project every label, keep those on screen whose engraved letters read
// smaller than the twin's, order them (names and titles before single characters, then
// nearer first) and place them. `px` is raised to kMinScreenLabelPx.
std::vector<ScreenLabel> choose_screen_labels(std::span<const render::Label> labels,
                                              const glm::mat4& view_projection, const glm::vec3& eye,
                                              const ScreenRect& viewport, float px, const MeasureText& measure,
                                              std::span<const ScreenRect> keep_clear);

}  // namespace am::ui

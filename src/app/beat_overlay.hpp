// A playing beat over the 3D view: its caption in a card beside the parts it is about,
// and its values as notes at their parts, at a readable size whatever the distance
// (ImGui's background draw list, under every panel). What it placed goes to the dump.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "am/machine/scene.hpp"
#include "am/render/camera.hpp"
#include "am/ui/callouts.hpp"
#include "am/ui/viewport.hpp"

namespace am::app {

struct BeatOverlayFacts {
  std::optional<ui::ScreenRect> caption;  // the caption card, window pixels
  int notes = 0;                          // notes drawn
  std::vector<ui::ScreenRect> note_boxes;  // each drawn note's box (screen labels keep off them)
};

// `focus` is the beat's parts' projected bounds (the card goes beside them).
BeatOverlayFacts draw_beat_overlay(const std::string& caption, const machine::Scene& scene,
                                   const render::OrbitCamera& camera, const ui::ViewportRect& viewport,
                                   const std::optional<ui::ScreenRect>& focus, float label_px);

// Whether a box of the world stays inside the viewport's framed part as the camera now
// looks (a beat's parts that do need no camera move).
bool stays_in_frame(const glm::vec3& lo, const glm::vec3& hi, const render::OrbitCamera& camera,
                    float aspect);

}  // namespace am::app

// This frame's facts: what the state shows (FrameDeriver), the input events acted on, what
// the window saw through the camera, and whether anything shown changed.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "am/ui/input_events.hpp"
#include "frame_deriver.hpp"

namespace am::app {

struct FrameFacts {
  FrameDeriver derived;                // the pass, accuracy, context, tracing and beat
  std::vector<ui::InputEvent> events;  // every event since the last frame, each acted on once
  nlohmann::ordered_json view_facts;   // what the window saw through the camera, for the dump
  bool changed = false;  // something shown changed (ShownState, an event, a new pass): draw again
};

}  // namespace am::app

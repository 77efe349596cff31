// What this frame shows, derived once from the state at the frame's start (UiSession's
// derive): the pass of the text at the checkpoint on show, the pulled heads' accuracy, the
// chapter's context, the traced answer and the beat. The panels, the machine and the state
// dump read these; nothing else writes them.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "am/engine/checkpoint_cache.hpp"
#include "am/engine/pulled_accuracy.hpp"
#include "am/ui/beats.hpp"
#include "am/ui/chapter.hpp"
#include "am/ui/input_events.hpp"
#include "am/ui/tracing_state.hpp"

namespace am::app {

struct FrameFacts {
  std::vector<ui::InputEvent> events;              // every event since the last frame, each acted on once
  std::shared_ptr<const engine::CachedPass> pass;  // outlives the scene input
  engine::PulledAccuracy accuracy;                 // with the pulled heads, at the checkpoint on show
  ui::ChapterContext ctx;                          // after the actions (it reads the pass)
  ui::TracingCache tracing_cache;                  // attribution and patching of the pass on show
  const analysis::Tracing* tracing = nullptr;      // this frame's (null when nothing is traced)
  std::optional<ui::Beat> beat;                    // none: no beat chosen, or the chapter has none
  nlohmann::ordered_json view_facts;               // what the window saw through the camera, for the dump
  bool changed = false;  // something shown changed (ShownState, an event, a new pass): draw again
};

}  // namespace am::app

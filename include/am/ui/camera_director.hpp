// Where the camera looks, derived each frame from the chapter's stage, the beat on show and
// the lifted plate, against what the last frame framed. It says when to frame again (a new
// chapter, direction or focus, the first beat, another plate where the pose is close on
// one) and when to check the frame (move only if the parts leave it): a beat names other
// parts, or the text the machine reads changes length (the row of slugs and dials grows or
// shrinks under the camera). Pure.
#pragma once

#include <optional>

#include "am/ui/app_state.hpp"
#include "am/ui/beats.hpp"
#include "am/ui/chapter.hpp"

namespace am::ui {

struct CameraMove {
  bool reframe = false;  // frame the focus again from the pose
  // Keep the camera unless the parts leave the frame: a beat names other parts, or the read
  // text changed length. The window leaves a camera moved by hand alone unless a beat is on show.
  bool beat_focus_changed = false;
};

class CameraDirector {
 public:
  CameraMove update(const AppState& state, const ChapterStage& stage, const std::optional<Beat>& beat);
  CameraPose pose() const { return pose_; }
  // What the camera frames and the callouts name: the beat's parts, else the chapter's.
  const FocusList& focus() const { return focus_; }

 private:
  CameraPose pose_ = CameraPose::kOverview;
  FocusList focus_;
  FocusList chapter_focus_;  // the chapter's own focus parts
  int framed_beat_ = -1;     // the beat the last frame showed (-1: none)
  int framed_length_ = -1;   // how many characters the machine read the last frame
  int chapter_ = -1;
  int lifted_layer_ = -1, lifted_head_ = -1;
  bool framed_once_ = false;
};

}  // namespace am::ui

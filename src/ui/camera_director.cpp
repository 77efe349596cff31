#include "am/ui/camera_director.hpp"

namespace am::ui {

namespace {

// Poses close on a plate follow the lifted plate; the others change only with the chapter.
bool follows_plate(CameraPose pose) {
  return pose == CameraPose::kPlate || pose == CameraPose::kShutter || pose == CameraPose::kThreads ||
         pose == CameraPose::kPlates;
}

}  // namespace

CameraMove CameraDirector::update(const AppState& state, const ChapterStage& stage,
                                  const std::optional<Beat>& beat) {
  const FocusList shown = beat && beat->focus.count > 0 ? beat->focus : stage.focus;
  const CameraPose look = beat && beat->pose ? *beat->pose : stage.camera;
  // Starting to play frames the first beat; later beats move the camera only when needed.
  const int beat_index = beat ? state.beat.index : -1;
  const bool beats_began = beat_index >= 0 && framed_beat_ < 0;
  // Each new beat checks the frame, even about the same parts: they may have grown (Write
  // types a character, and chapter 10's grid gains a row).
  const bool beat_moved = beat_index != framed_beat_;
  // Typed (or written) characters lengthen the machine: its parts may leave the frame. Past
  // the read window the length stays and the window slides: nothing moves.
  const int length = window_length(state);
  const bool length_changed = length != framed_length_;
  const bool plate_moved = state.selected_layer != lifted_layer_ || state.selected_head != lifted_head_;
  CameraMove move;
  if (look != pose_ || !(stage.focus == chapter_focus_) || state.chapter != chapter_ || !framed_once_ ||
      beats_began || (follows_plate(stage.camera) && plate_moved))
    move.reframe = true;
  else if (!(shown == focus_) || beat_moved || length_changed)
    move.beat_focus_changed = true;
  framed_beat_ = beat_index;
  framed_length_ = length;
  framed_once_ = true;
  pose_ = look;
  chapter_focus_ = stage.focus;
  focus_ = shown;
  chapter_ = state.chapter;
  lifted_layer_ = state.selected_layer;
  lifted_head_ = state.selected_head;
  return move;
}

}  // namespace am::ui

// An opened view's camera, held while the learner stays where the view put them: it is
// put on the window once, and again whenever the chapter would frame anew; another
// chapter, another lifted plate or Home lets go of it. With the camera the window has
// now, for the next view saved, and a check of the opened view's weights still to make.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "am/store/view_file.hpp"
#include "am/ui/app_state.hpp"

namespace am::app {

class HeldView {
 public:
  void note_camera(const store::ViewCamera& camera) { now_ = camera; }
  const store::ViewCamera& camera_now() const { return now_; }

  void hold(std::optional<store::ViewCamera> camera, const ui::AppState& state) {
    held_ = std::move(camera);
    fresh_ = held_.has_value();
    chapter_ = state.chapter;
    layer_ = state.selected_layer;
    head_ = state.selected_head;
  }
  // Once a frame: the camera to put on the window now, if any. `reframe`: the chapter
  // would frame anew; `home`: the learner asked for the default camera.
  std::optional<store::ViewCamera> camera_for_frame(const ui::AppState& state, bool reframe, bool home) {
    if (!held_) return std::nullopt;
    if (state.chapter != chapter_ || state.selected_layer != layer_ || state.selected_head != head_ || home) {
      held_.reset();  // the learner went elsewhere: the chapter frames again
      return std::nullopt;
    }
    const bool now = fresh_ || reframe;
    fresh_ = false;
    return now ? held_ : std::nullopt;
  }

  // The weights an opened view was saved with, checked once its checkpoint has been read.
  struct HashCheck {
    std::int64_t step;
    std::string hash;
    std::string label;
  };
  std::optional<HashCheck> hash_check;

 private:
  store::ViewCamera now_;
  std::optional<store::ViewCamera> held_;
  bool fresh_ = false;
  int chapter_ = -1, layer_ = -1, head_ = -1;
};

}  // namespace am::app

// Recording the machine as a video: frames rendered offscreen at a fixed time step (frame
// i shows the moment i / fps), so a recording is the same on any machine however slow.
// The motion: the chapter's beats from the first to the last one's end, each an equal
// share of the clip (where the chapter has beats), an orbit around the machine, or a
// sweep of the drum through training.
// --record runs it to the end; the window's "Record…" runs a few frames per loop.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "am/render/camera.hpp"
#include "am/video/video_writer.hpp"
#include "machine_app.hpp"
#include "offscreen_target.hpp"

namespace am::app {

struct RecordPlan {
  std::filesystem::path path;
  int fps = 30;
  double seconds = 5.0;
  std::string motion = "play";  // "play" (the chapter's beats, fitted to the clip), "orbit" or "scrub"
};

class Recording {
 public:
  // Opens the file (a hidden temporary one until finish) and notes where the camera and
  // the drum start. `width` x `height`: the frames, in UI pixels (the offscreen display).
  static Result<std::unique_ptr<Recording>> start(MachineApp& app, const RecordPlan& plan, int width,
                                                  int height);
  ~Recording();  // unfinished: the camera and the drum go back; the file is never written

  Status next_frame(MachineApp& app);  // renders and encodes one frame
  bool done() const { return next_ >= frames_; }
  int frames() const { return frames_; }
  float progress() const {
    return frames_ > 0 ? static_cast<float>(next_) / static_cast<float>(frames_) : 1.0f;
  }
  Status finish();  // the last frames encoded, the file renamed into place
  const std::string& encoder() const { return encoder_; }
  const std::filesystem::path& path() const { return plan_.path; }

 private:
  Recording() = default;
  MachineApp* app_ = nullptr;
  RecordPlan plan_;
  int width_ = 0, height_ = 0, frames_ = 0, next_ = 0;
  OffscreenTarget target_;
  std::unique_ptr<video::VideoWriter> writer_;
  std::string encoder_;
  render::CameraPose start_pose_;
  std::int64_t start_step_ = 0;
  ui::BeatPlayer start_beat_;
  std::optional<std::pair<int, std::filesystem::path>> png_of_frame_;  // test hook AM_RECORD_FRAME_PNG=K:PATH
};

// --record: the whole recording, then its size and how long it took; the exit code.
int run_record(MachineApp& app);

}  // namespace am::app

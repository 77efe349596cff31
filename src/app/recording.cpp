#include "recording.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "am/render/screenshot.hpp"
#include "am/ui/beats.hpp"

namespace am::app {
namespace {

// As for screenshots: beads stand where a fixed clock puts them, from this moment on.
constexpr double kStartTime = 1.25;
constexpr int kSettleFrames = 3;  // ImGui fits its windows and the chapter's camera is placed

std::optional<std::pair<int, std::filesystem::path>> frame_png_hook() {
  const char* v = std::getenv("AM_RECORD_FRAME_PNG");
  if (v == nullptr) return std::nullopt;
  const std::string s(v);
  const auto colon = s.find(':');
  if (colon == std::string::npos) return std::nullopt;
  return std::make_pair(std::atoi(s.substr(0, colon).c_str()), std::filesystem::path(s.substr(colon + 1)));
}

}  // namespace

Result<std::unique_ptr<Recording>> Recording::start(MachineApp& app, const RecordPlan& plan, int width,
                                                    int height) {
  if (plan.motion != "play" && plan.motion != "orbit" && plan.motion != "scrub")
    return fail("a recording moves by play, orbit or scrub, not " + plan.motion);
  std::unique_ptr<Recording> r(new Recording());
  r->app_ = &app;
  r->plan_ = plan;
  r->width_ = width;
  r->height_ = height;
  r->frames_ = std::max(1, static_cast<int>(std::lround(plan.seconds * plan.fps)));
  if (auto s = r->target_.create(width, height); !s) return fail(s.error());
  auto writer = video::VideoWriter::open(plan.path, {width, height, plan.fps});
  if (!writer) return fail(writer.error());
  r->writer_ = std::move(*writer);
  r->encoder_ = r->writer_->encoder_name();
  r->png_of_frame_ = frame_png_hook();
  for (int i = 0; i < kSettleFrames; ++i)
    if (auto f = app.draw_frame(r->target_.framebuffer(), width, height, kStartTime, false); !f)
      return fail(f.error());
  r->start_pose_ = app.camera().pose();
  r->start_step_ = app.session().state().step;
  ui::AppState& state = app.session().mutable_state();
  r->start_beat_ = state.beat;
  if (plan.motion == "play" && ui::beat_count(state) == 0)
    return fail("this chapter has no steps to play: record with --motion orbit or scrub");
  return r;
}

Recording::~Recording() {
  if (app_ == nullptr) return;
  app_->camera().set_pose(start_pose_);
  app_->session().mutable_state().step = start_step_;
  app_->session().mutable_state().beat = start_beat_;
}

Status Recording::next_frame(MachineApp& app) {
  if (done()) return Ok{};
  const double share = frames_ > 1 ? static_cast<double>(next_) / static_cast<double>(frames_) : 0.0;
  if (plan_.motion == "orbit") {
    render::CameraPose pose = start_pose_;
    pose.yaw += static_cast<float>(2.0 * M_PI * share);  // once round over the whole clip
    app.camera().set_pose(pose);
  } else if (plan_.motion == "play") {
    // Each beat its share of the clip, set for this frame (ui::recorded_beat): the time
    // between two draw_frame calls is no clock here, as the window's frames come between.
    ui::AppState& state = app.session().mutable_state();
    state.beat = ui::recorded_beat(state.beat, state.chapter, ui::beat_count(state), next_, frames_,
                                   state.settings.reduced_motion);
  } else if (plan_.motion == "scrub") {
    const std::vector<std::int64_t>& steps = app.session().steps();
    const auto last = static_cast<double>(steps.size() - 1);
    const auto i =
        static_cast<std::size_t>(std::lround(last * (frames_ > 1 ? next_ / double(frames_ - 1) : 1.0)));
    ui::AppState& state = app.session().mutable_state();
    if (state.step != steps[i]) {
      state.step = steps[i];
    }
  }
  const double t = kStartTime + static_cast<double>(next_) / plan_.fps;
  if (auto f = app.draw_frame(target_.framebuffer(), width_, height_, t, false); !f) return fail(f.error());
  const render::Image image = render::read_framebuffer(target_.framebuffer(), width_, height_);
  if (png_of_frame_ && png_of_frame_->first == next_) (void)render::write_png(png_of_frame_->second, image);
  if (auto s = writer_->add_frame(image.rgba.data()); !s) return s;
  ++next_;
  return Ok{};
}

Status Recording::finish() {
  while (!done())
    if (auto s = next_frame(*app_); !s) return s;
  return writer_->finish();
}

int run_record(MachineApp& app) {
  const Options& o = app.options();
  // By default the chapter's step player, from its first beat; an orbit where it has none.
  const std::string motion =
      o.bench_motion.value_or(ui::beat_count(app.session().state()) > 0 ? "play" : "orbit");
  RecordPlan plan{*o.record, o.fps, o.seconds, motion};
  const auto t0 = std::chrono::steady_clock::now();
  auto recording = Recording::start(app, plan, o.width, o.height);
  if (!recording) {
    std::cerr << "attention-machine: --record: " << recording.error() << "\n";
    return 1;
  }
  if (auto s = (*recording)->finish(); !s) {
    std::cerr << "attention-machine: --record: " << s.error() << "\n";
    return 1;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(plan.path, ec);
  std::printf("wrote %s: %d frames of %dx%d at %d fps (%s, %s), %.1f kB in %.1f s\n", plan.path.c_str(),
              (*recording)->frames(), o.width, o.height, plan.fps, (*recording)->encoder().c_str(),
              plan.motion.c_str(), static_cast<double>(bytes) / 1024.0, seconds);
  return 0;
}

}  // namespace am::app

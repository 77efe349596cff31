// The camera director against known sequences of frames: when it frames again, when a beat
// only names other parts, and when it leaves the camera alone.
#include <catch2/catch.hpp>

#include "am/ui/camera_director.hpp"

using namespace am;
using namespace am::ui;
using machine::FocusPart;

namespace {

ChapterStage stage(CameraPose pose, FocusList focus) {
  ChapterStage s;
  s.camera = pose;
  s.focus = focus;
  return s;
}

}  // namespace

TEST_CASE("the camera frames the first frame and a new chapter, then stays", "[camera_director]") {
  CameraDirector d;
  AppState state;
  const ChapterStage front = stage(CameraPose::kFront, {FocusPart::kSlugs});
  CHECK(d.update(state, front, std::nullopt).reframe);
  CHECK(d.pose() == CameraPose::kFront);
  CHECK(d.focus() == FocusList{FocusPart::kSlugs});
  const CameraMove same = d.update(state, front, std::nullopt);
  CHECK_FALSE(same.reframe);
  CHECK_FALSE(same.beat_focus_changed);
  state.chapter = 3;
  CHECK(d.update(state, front, std::nullopt).reframe);
  CHECK_FALSE(d.update(state, stage(CameraPose::kFront, {FocusPart::kSlugs}), std::nullopt).reframe);
  CHECK(d.update(state, stage(CameraPose::kOverview, {FocusPart::kSlugs}), std::nullopt)
            .reframe);  // a new direction
}

TEST_CASE("another plate reframes only the poses close on a plate", "[camera_director]") {
  CameraDirector d;
  AppState state;
  const ChapterStage plate = stage(CameraPose::kPlate, {FocusPart::kLiftedDials});
  const ChapterStage front = stage(CameraPose::kFront, {FocusPart::kSlugs});
  d.update(state, plate, std::nullopt);
  state.selected_head = 2;
  CHECK(d.update(state, plate, std::nullopt).reframe);
  d.update(state, front, std::nullopt);
  state.selected_head = 3;
  CHECK_FALSE(d.update(state, front, std::nullopt).reframe);
}

TEST_CASE("the first beat frames; later beats only say their parts changed", "[camera_director]") {
  CameraDirector d;
  AppState state;
  const ChapterStage front = stage(CameraPose::kFront, {FocusPart::kSlugs});
  d.update(state, front, std::nullopt);
  Beat beat;
  beat.focus = {FocusPart::kQuerySlug};
  state.beat.index = 0;
  CHECK(d.update(state, front, beat).reframe);  // the beats began
  CHECK(d.focus() == FocusList{FocusPart::kQuerySlug});
  CHECK_FALSE(d.update(state, front, beat).beat_focus_changed);  // the same beat, the same parts
  state.beat.index = 1;  // the next beat about the same parts: they may have grown
  const CameraMove next = d.update(state, front, beat);
  CHECK_FALSE(next.reframe);
  CHECK(next.beat_focus_changed);
  beat.focus = {FocusPart::kEntryBands};
  CHECK(d.update(state, front, beat).beat_focus_changed);  // other parts, same beat index
  beat.pose = CameraPose::kEmbedding;
  CHECK(d.update(state, front, beat).reframe);  // the beat looks from elsewhere
  CHECK(d.pose() == CameraPose::kEmbedding);
}

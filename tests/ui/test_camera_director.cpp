// The camera director against known sequences of frames: when it frames again, when a beat
// only names other parts or the text changes length, and when it leaves the camera alone.
#include <catch2/catch.hpp>

#include "am/model/config.hpp"
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

TEST_CASE("a text of another length checks the frame; the same length leaves the camera alone",
          "[camera_director]") {
  CameraDirector d;
  AppState state;
  set_text(state, "the cat");
  const ChapterStage front = stage(CameraPose::kFront, {FocusPart::kSlugs, FocusPart::kLiftedDials});
  CHECK(d.update(state, front, std::nullopt).reframe);
  // Typed characters lengthen the row of slugs and dials: the window checks whether they
  // still fit (it moves only if they leave the frame, and never a camera moved by hand).
  set_text(state, "the cat sat on the mat and the dog");
  const CameraMove longer = d.update(state, front, std::nullopt);
  CHECK_FALSE(longer.reframe);
  CHECK(longer.beat_focus_changed);
  CHECK_FALSE(d.update(state, front, std::nullopt).beat_focus_changed);  // nothing typed since
  set_text(state, "the cat sat on the mat and the cow");                 // another text, as long
  CHECK_FALSE(d.update(state, front, std::nullopt).beat_focus_changed);
  set_text(state, "the");  // shorter: the focus moves too (the last slug is elsewhere)
  CHECK(d.update(state, front, std::nullopt).beat_focus_changed);
  // Past the read window the machine keeps its length: the window slides, nothing moves.
  set_text(state, std::string(kContext, 'a'));
  CHECK(d.update(state, front, std::nullopt).beat_focus_changed);
  set_text(state, std::string(kContext + 5, 'b'));
  CHECK_FALSE(d.update(state, front, std::nullopt).beat_focus_changed);
}
